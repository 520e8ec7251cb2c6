import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18next from 'i18next';
import { feedback } from '../app/feedback';
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
    feedback()?.message.error(text);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const title =
      this.state.error instanceof ChunkLoadError
        ? i18next.t('shell.pageLoadFailed')
        : i18next.t('shell.uncaught', { message: this.state.error.message });
    return (
      <Result
        status="error"
        title={title}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {i18next.t('shell.reload')}
          </Button>
        }
      />
    );
  }
}
