/**
 * Long work on the event loop, in slices: a heavy grid call (or the serialisation of its answer) runs about a
 * millisecond at a time, one slice per turn of the event loop for all such work together, so that the calls
 * arriving meanwhile (a small refresh, `/health`) are served between two slices instead of after the whole
 * of it. Work is a generator that yields between steps (`@qibates/engine/grid`'s `Steps`).
 *
 * Work that ends within its first slice never waits: it runs at once, as a plain call would. At most
 * `maxRunning` pieces of longer work take turns; the others wait after their first slice for one to end.
 */

/** A generator that yields between steps and returns its result. */
export type Work<T> = Generator<void, T, void>;

export interface SliceOptions {
  /** Longest run of steps before the event loop gets a turn, in milliseconds. */
  sliceMs: number;
  /** Pieces of work taking turns at once. */
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
}

interface Job {
  /** Runs one slice: true when the work ended (its promise settled). */
  slice(deadline: number): boolean;
}

export class SliceScheduler {
  private readonly running: Job[] = [];
  private readonly waiting: (() => void)[] = [];
  private next = 0;
  private scheduled = false;

  constructor(readonly options: SliceOptions) {}

  /** Pieces of work started and not ended (taking turns or waiting for one). */
  get pending(): number {
    return this.running.length + this.waiting.length;
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
    if (job.slice(now + this.options.sliceMs)) {
      const o = outcome as { value: T } | { error: unknown } | null;
      if (o && "value" in o) return Promise.resolve(o.value);
      return Promise.reject(o ? o.error : new Error("slice ended without an outcome"));
    }
    return new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
      const enter = () => {
        this.running.push(job);
        this.schedule();
      };
      if (this.running.length < this.options.maxRunning) enter();
      else this.waiting.push(enter);
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.turn();
    });
  }

  /** One slice of the next piece of work (round robin), then the event loop gets its turn. */
  private turn(): void {
    if (this.running.length === 0) return;
    if (this.next >= this.running.length) this.next = 0;
    const job = this.running[this.next] as Job;
    if (job.slice(performance.now() + this.options.sliceMs)) {
      this.running.splice(this.next, 1);
      this.waiting.shift()?.();
    } else {
      this.next++;
    }
    this.schedule();
  }
}

/** The process's scheduler: the embedded engine's grid calls and the server's large answers share it. */
export const slices = new SliceScheduler({ sliceMs: 1, maxRunning: 2 });
