// The daily backup: at the shop's backup time, once per shop day, then retention. The clock and the tick are
// injectable so a test can live through ten weeks in a second. A failure is recorded by the keeper (dashboard banner,
// log); the next tick tries again, so a backup missed at 21:00 (laptop off) is made when the app next runs that day.
import { shopClock } from './period.ts';

const RETRY_MS = 15 * 60_000;

export interface ScheduledBackups {
  options: { dir: string; time: string; timeZone: string };
  /** True when an automatic backup for this shop day already exists. */
  hasAutomaticFor(day: string): boolean;
  backUp(kind: { automatic: true; at: Date }): Promise<unknown>;
}

export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  /** Automatic backups made (tests wait on it). */
  made = 0;
  /** After a failure, wait a while rather than fill the log and the audit with one failure a minute. */
  private notBefore = 0;

  constructor(
    private readonly backups: ScheduledBackups,
    private readonly clock: () => Date = () => new Date(),
    private readonly intervalMs = 60_000,
  ) {}

  start() {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.ticking;
  }

  /** One look at the clock: backs up when the time has come today and today has no automatic backup yet. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      const at = this.clock();
      if (at.getTime() < this.notBefore) return;
      const { day, time } = shopClock(this.backups.options.timeZone, at);
      if (time.slice(0, 5) < this.backups.options.time || this.backups.hasAutomaticFor(day)) return;
      try {
        await this.backups.backUp({ automatic: true, at });
        this.made += 1;
      } catch {
        // Recorded (banner) and logged by the keeper; tried again in 15 minutes.
        this.notBefore = at.getTime() + RETRY_MS;
      }
    })().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }
}
