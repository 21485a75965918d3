import { EngineError } from "../engine-error.ts";

/** A cube operation the data or the outline does not allow; `code` says which. */
export class CubeError extends EngineError {
  override readonly name = "CubeError";
  constructor(message: string, code = "CUBE_INVALID") {
    super(code, message);
  }
}
