import { loggableError } from './log-redaction';

type Log = { warn(obj: object, msg: string): void };

export interface PeriodicJobOptions {
  /** Named in the log when a run fails. */
  name: string;
  /** One run; a failure is logged and the next run comes at its time. */
  run: () => Promise<unknown>;
  /** Time between the end of a run and the start of the next. */
  intervalMs: number;
  log: Log;
}

/**
 * Runs a job at start-up and then periodically, on an unref'd timer (it never keeps the process up); `stop` waits for
 * the run under way. Runs never overlap within an instance; jobs that instances share say how they divide the work.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly opts: PeriodicJobOptions) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      this.running = this.opts
        .run()
        .catch((err: unknown) => this.opts.log.warn({ err: loggableError(err) }, `${this.opts.name} failed`));
      await this.running;
      if (!this.stopped) {
        this.timer = setTimeout(tick, this.opts.intervalMs);
        this.timer.unref();
      }
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
