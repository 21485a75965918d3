export { type EngineCube, EngineCubeWriteError, type EnginePort } from "./engine-port.ts";
