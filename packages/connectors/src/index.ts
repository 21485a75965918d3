// sheetCells: the cells of a sheet, as the providers count them (the server's size checks, before any provider
// call), a deferred grid's without parsing it.
export {
  answerGridSize,
  answerJson,
  deferredGrid,
  type GridSize,
  isDeferredGrid,
  noteGridJson,
  sheetCells,
} from "./answer-json.ts";
export { type EngineCube, EngineCubeWriteError, type EnginePort } from "./engine-port.ts";
