// A tiny external store for the app's one snackbar, so any feature can report success, error or info
// without prop-drilling; the host component subscribes with useSyncExternalStore.

export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
}

export class Notifier {
  private current: Notice | null = null;
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Notice | null => this.current;

  private show(message: string, severity: NoticeSeverity): void {
    this.current = { id: this.nextId++, message, severity };
    this.emit();
  }

  success(message: string): void {
    this.show(message, 'success');
  }

  error(message: string): void {
    this.show(message, 'error');
  }

  info(message: string): void {
    this.show(message, 'info');
  }

  dismiss(id: number): void {
    if (this.current?.id !== id) return;
    this.current = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
