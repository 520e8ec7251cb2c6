import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18next from 'i18next';
import { withFeedback } from '../app/feedback';
import { ChunkLoadError } from './lazyScreen';

interface State {
  error: Error | null;
}

/** A screen that cannot load or render shows a reload button instead of a blank page. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    const text = error instanceof ChunkLoadError ? i18next.t('shell.pageLoadFailed') : error.message;
    withFeedback((ui) => ui.message.error(text));
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const title =
      this.state.error instanceof ChunkLoadError
        ? i18next.t('shell.pageLoadFailed')
        : i18next.t('shell.uncaught', { message: this.state.error.message });
    // Plain markup: this boundary is part of the first download, antd's Result is not.
    return (
      <div role="alert" data-testid="screen-error" style={{ padding: 48, textAlign: 'center' }}>
        <p style={{ fontSize: 16, marginBottom: 16 }}>{title}</p>
        <Button type="primary" onClick={() => location.reload()}>
          {i18next.t('shell.reload')}
        </Button>
      </div>
    );
  }
}
