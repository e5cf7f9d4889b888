import { Component, type ReactNode } from "react";
import { SHELL_TEXT } from "../../domain/texts/app.ts";

/** The app's error page (docs/product.md#the-installable-app: 'Unexpected Application Error!'). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-extrabold">{SHELL_TEXT.errorTitle}</h1>
      <p className="mt-2 text-ink-soft">{detail}</p>
      <a className="mt-4 inline-block font-bold text-primary underline" href="/app">
        {SHELL_TEXT.backHome}
      </a>
    </div>
  );
}

interface Props {
  /** The current path: an error page goes away when she navigates elsewhere. */
  pathname: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Where the error happened. */
  errorAt: string | null;
}

/**
 * Replaces the app (layout included) with the error page when a screen throws while rendering
 * or its code cannot be loaded, until the path changes.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error(SHELL_TEXT.unknownError) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.errorAt === null) return { errorAt: props.pathname };
    return state.errorAt === props.pathname ? null : { error: null, errorAt: null };
  }

  override render() {
    return this.state.error !== null ? (
      <RouteErrorPage error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}
