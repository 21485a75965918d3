/**
 * Long work on the event loop, in slices: a heavy grid call (or the serialisation of its answer) runs about a
 * millisecond at a time, one slice per turn of the event loop for all such work together, so that the calls
 * arriving meanwhile (a small refresh, `/health`) are served between two slices instead of after the whole
 * of it. Work is a generator that yields between steps (`@qibates/engine/grid`'s `Steps`).
 *
 * Work that ends within its first slice never waits: it runs at once, as a plain call would. Work that has had
 * fewer than `shortSlices` slices goes first, fewest first (a small call that a busy machine or a garbage
 * collection slowed past its first slice still ends within a few turns); longer work takes turns, at most
 * `maxRunning` pieces at once in the order they started, the others waiting for one to end. Slices are counted,
 * not timed: a slice stretched by a pause of the process does not make small work look long.
 */

/** A generator that yields between steps and returns its result. */
export type Work<T> = Generator<void, T, void>;

export interface SliceOptions {
  /** Longest run of steps before the event loop gets a turn, in milliseconds. */
  sliceMs: number;
  /** Work that has had fewer slices than this goes before longer work. */
  shortSlices: number;
  /** Pieces of longer work taking turns at once. */
  maxRunning: number;
}

export interface SliceRun<T> {
  /** Makes the work (again: from its start). */
  start: () => Work<T>;
  /**
   * True when what the work reads changed since it started (checked before each slice after the first). The
   * work is then run again from its start, to its end at once, so that its answer reads one state.
   */
  changed?: () => boolean;
  /**
   * Where work still running after `after` slices goes instead (a grid worker, `embedded/grid-workers.ts`): it
   * is dropped here, unfinished, and its answer is what `to()` answers. The work must have no effect of its
   * own (a read).
   */
  move?: { after: number; to: () => Promise<T> };
}

interface Job {
  /** Slices run so far. */
  ran: number;
  /** Runs one slice: true when the work ended (its promise settled). */
  slice(deadline: number): boolean;
  /** Hands the work over elsewhere when it has had this many slices (see `SliceRun.move`). */
  moveAfter: number;
  moveOut(): void;
}

export class SliceScheduler {
  /** Work under way after its first slice, in the order it started. */
  private readonly jobs: Job[] = [];
  private next = 0;
  private scheduled = false;

  constructor(readonly options: SliceOptions) {}

  /** Pieces of work started and not ended. */
  get pending(): number {
    return this.jobs.length;
  }

  /** Runs `work` in slices and answers its result (or its error). */
  run<T>(work: SliceRun<T>): Promise<T> {
    const now = performance.now();
    let steps = work.start();
    let first = true;
    let settle: { resolve: (v: T) => void; reject: (e: unknown) => void } | null = null;
    let outcome: { value: T } | { error: unknown } | null = null;
    const end = (o: { value: T } | { error: unknown }) => {
      outcome = o;
      if (settle) {
        if ("value" in o) settle.resolve(o.value);
        else settle.reject(o.error);
      }
    };
    const job: Job = {
      ran: 0,
      moveAfter: work.move ? work.move.after : Number.POSITIVE_INFINITY,
      moveOut: () => {
        const move = work.move;
        if (!move) return;
        let moved: Promise<T>;
        try {
          moved = move.to();
        } catch (e) {
          moved = Promise.reject(e);
        }
        moved.then(
          (value) => end({ value }),
          (error: unknown) => end({ error }),
        );
      },
      slice: (deadline) => {
        try {
          if (!first && work.changed?.()) {
            steps = work.start();
            for (;;) {
              const r = steps.next();
              if (r.done) {
                end({ value: r.value });
                return true;
              }
            }
          }
          first = false;
          for (;;) {
            const r = steps.next();
            if (r.done) {
              end({ value: r.value });
              return true;
            }
            if (performance.now() >= deadline) return false;
          }
        } catch (e) {
          end({ error: e });
          return true;
        }
      },
    };
    // The first slice at once, whatever else is under way: small work ends here, without waiting for a turn.
    if (this.timed(job, now)) {
      const o = outcome as { value: T } | { error: unknown } | null;
      if (o && "value" in o) return Promise.resolve(o.value);
      return Promise.reject(o ? o.error : new Error("slice ended without an outcome"));
    }
    return new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
      this.jobs.push(job);
      this.schedule();
    });
  }

  /** One slice of `job`, counted: true when the work ended. */
  private timed(job: Job, started: number): boolean {
    job.ran++;
    return job.slice(started + this.options.sliceMs);
  }

  private schedule(): void {
    if (this.scheduled || this.jobs.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.turn();
    });
  }

  /**
   * One slice of the next piece of work, then the event loop gets its turn: the short work that has run least,
   * else the next of the `maxRunning` oldest pieces of longer work, in turn.
   */
  private turn(): void {
    if (this.jobs.length === 0) return;
    let pick = -1;
    for (let i = 0; i < this.jobs.length; i++) {
      const ran = (this.jobs[i] as Job).ran;
      if (ran < this.options.shortSlices && (pick < 0 || ran < (this.jobs[pick] as Job).ran)) pick = i;
    }
    if (pick < 0) {
      this.next = (this.next + 1) % Math.min(this.options.maxRunning, this.jobs.length);
      pick = this.next;
    }
    const job = this.jobs[pick] as Job;
    if (job.ran >= job.moveAfter) {
      this.jobs.splice(pick, 1);
      job.moveOut();
    } else if (this.timed(job, performance.now())) this.jobs.splice(pick, 1);
    this.schedule();
  }
}

/**
 * The slices the server runs with: about a millisecond each, eight before work counts as long, one long piece at
 * a time. The server makes one scheduler of them and hands it to whatever runs long work (the embedded
 * provider, its own answers, the wire endpoints), so that they all take turns together.
 */
export const DEFAULT_SLICES: SliceOptions = { sliceMs: 1, shortSlices: 8, maxRunning: 1 };
