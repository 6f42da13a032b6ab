// Timers of the editor, kept free of React so their rules are testable with fake timers.
import { AUTOSAVE_MS } from "../../../../contract/workspace";

type Timer = ReturnType<typeof setTimeout>;

export interface AutosaveDeps {
  /** Whether `path` is still the file shown in the editor. */
  isCurrent(path: string): boolean;
  /** Whether a save of `path` is running. */
  isSaving(path: string): boolean;
  save(path: string): Promise<unknown> | void;
  delayMs?: number;
}

/**
 * Spec 03 §4 "Editor save": autosave fires 2 s after the last edit, only for the current file and
 * only when no save is running. An edit restarts the wait; a wait that ends during a save waits
 * again, so the edits typed meanwhile are saved once the running save is done.
 */
export class AutosaveScheduler {
  private timer: Timer | null = null;
  private path: string | null = null;

  constructor(private readonly deps: AutosaveDeps) {}

  get pendingPath(): string | null {
    return this.path;
  }

  edited(path: string): void {
    this.cancel();
    this.path = path;
    this.timer = setTimeout(() => this.fire(), this.deps.delayMs ?? AUTOSAVE_MS);
  }

  /** Drops the pending save (the user saved by hand, or the editor went away). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.path = null;
  }

  private fire(): void {
    const path = this.path;
    this.timer = null;
    if (!path) return;
    if (!this.deps.isCurrent(path)) {
      this.path = null;
      return;
    }
    if (this.deps.isSaving(path)) {
      this.edited(path);
      return;
    }
    this.path = null;
    void this.deps.save(path);
  }
}

/** A message shown for a while; showing it again restarts the while (the read-only warning). */
export class TimedFlag {
  private timer: Timer | null = null;
  private on = false;

  constructor(
    private readonly ms: number,
    private readonly onChange: (visible: boolean) => void,
  ) {}

  get visible(): boolean {
    return this.on;
  }

  show(): void {
    if (this.timer) clearTimeout(this.timer);
    if (!this.on) {
      this.on = true;
      this.onChange(true);
    }
    this.timer = setTimeout(() => this.hide(), this.ms);
  }

  hide(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.on) {
      this.on = false;
      this.onChange(false);
    }
  }
}
