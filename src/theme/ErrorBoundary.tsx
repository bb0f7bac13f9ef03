import { Component, type ReactNode } from 'react';

interface State { error?: Error }

/** Keeps a crash inside the page area: navbar and footer stay, and the reader can retry. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <CrashPage error={error} onRetry={() => this.setState({ error: undefined })} />;
  }
}

export function CrashPage({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="crash-page" role="alert">
      <h1>This page crashed.</h1>
      <button type="button" className="button button-primary" onClick={onRetry}>Try again</button>
      <ErrorChain error={error} />
    </div>
  );
}

function ErrorChain({ error }: { error: unknown }) {
  const messages: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && messages.length < 10) {
    messages.push(current.message);
    current = current.cause;
  }
  return (
    <div className="crash-messages">
      {messages.map((message, index) => (
        <p key={index} className="crash-message">{index > 0 ? <span className="crash-cause">Cause: </span> : null}{message}</p>
      ))}
    </div>
  );
}
