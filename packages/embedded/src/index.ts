export { engineError } from "@qibates/grid-bridge";
export { type EmbeddedApplications, snapshotPlanningApplication } from "./applications.ts";
export {
  DEMO_APPLICATIONS,
  type EmbeddedAccess,
  type EmbeddedServers,
  OPEN_ACCESS,
} from "./catalogue.ts";
export { CHECKPOINT_FORMAT, CheckpointError, decodeCheckpoint, encodeCheckpoint } from "./checkpoint.ts";
export { EssbaseApplication } from "./essbase-app.ts";
export { GridWorkers } from "./grid-workers.ts";
export { DEFAULT_JOURNAL_OPTIONS, type JournalLog, type JournalOptions } from "./journal.ts";
export { PlanningDemoApplication } from "./planning-app.ts";
export { EmbeddedProvider, type EmbeddedProviderOptions } from "./provider.ts";
export {
  CUBE_SNAPSHOT_FORMAT,
  CUBE_SNAPSHOT_VERSION,
  CubeSnapshotError,
  checkManifest,
  type LoadedSnapshot,
  loadCubeSnapshot,
  loadCubeSnapshots,
  MANIFEST_FILE,
  readDataFile,
  SNAPSHOT_APPLICATION_NAME,
  SNAPSHOT_APPLICATION_NAME_RULE,
  type SnapshotCubeEntry,
  type SnapshotImageFile,
  type SnapshotManifest,
  sha256OfFile,
  writeCubeImage,
} from "./snapshot-files.ts";
export { type ImportOptions, type ImportResult, importDataFile } from "./snapshot-import.ts";
export type {
  CheckpointInfo,
  EmbeddedStore,
  JournalEntry,
  JournalReader,
  JournalWriter,
  StoredEntry,
  TaskCompletion,
} from "./store.ts";
