import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Shows nothing in place of a part whose code could not load, instead of taking the page down with it. */
class PartBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`The ${this.props.name} could not load`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Starts loading the part's code ahead of its first render (e.g. when the page is idle). */
  prefetch(): void;
}

/**
 * A piece of every page that most visits never show (a toast, the offline chip, the outbox
 * sheet), kept out of the entry chunk: its code loads on its first render, or earlier through
 * `prefetch`. It renders nothing until then, and nothing if its code cannot be fetched.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = (): Promise<ComponentType<P>> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function Part(props: P): ReactNode {
    return (
      <PartBoundary name={name}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  Part.prefetch = () => {
    // A failed prefetch is tried again on the part's first render, which reports it then.
    loadOnce().catch(() => undefined);
  };
  return Part;
}
