/** A range of ports, both ends included. */
export interface PortRange {
  from: number;
  to: number;
}
/** The environment variable that carries the range to a benchmark's child processes. */
export const PORTS_ENV: string;
/** `FROM-TO` within 1024-65535, or `null` for `""`/`any`; throws a RangeError otherwise. */
export function parsePortRange(text: string): PortRange | null;
/** The range of a command line (`--ports`), else of QIBATES_BENCH_PORTS; a malformed one ends the process (2). */
export function portRangeOf(from?: { argv?: readonly string[]; env?: NodeJS.ProcessEnv }): PortRange | null;
/** This process's range, `null` for any free port. */
export function benchPorts(): PortRange | null;
/** A command line without its `--ports` option and value. */
export function withoutPorts(argv: readonly string[]): string[];
/** A port given by place: 0 for a free one (of the range); one outside the range ends the process (2). */
export function givenPort(port: number, what: string): Promise<number>;
/** Whether `port` lies within `range` (any port without one). */
export function inRange(port: number, range: PortRange | null): boolean;
/** Throws unless `port` lies within `range`; answers the port. */
export function checkPort(port: number, range: PortRange | null, what?: string): number;
/** A free port of 127.0.0.1 within `range` (this process's by default), each once; throws when none is free. */
export function freePort(range?: PortRange | null): Promise<number>;
/** The port to give a listener: 0 without a range, else a free port of it. */
export function listenPort(range?: PortRange | null): Promise<number>;
