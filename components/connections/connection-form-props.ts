import type * as React from 'react';
import type { ConnectionPayload, ConnectionRecord } from '@/lib/connections/types';

// Apart from connection-form.tsx: the YAML form it loads on demand takes the same props without importing it back.
export interface ConnectionFormProps {
  /** The stored row to edit (name and namespace locked). Without it the form adds a connection. */
  record?: ConnectionRecord;
  /** Adding: start on this type's details instead of the picker. */
  initialType?: string;
  /**
   * Saves: receives the body (every set column on create; only the changed, writable columns on edit). The form
   * neither fetches nor saves: the screen does, and throws to have the error shown (under a field the backend
   * names, else as a toast).
   */
  onSubmit: (payload: ConnectionPayload, context: { name: string; type: string }) => unknown;
  onCancel?: () => void;
  /** The screen's extra buttons for a saved connection (Test, Delete), shown at the start of the footer. */
  actions?: React.ReactNode;
  /** Renders the step's title, e.g. as the dialog's title. Default: a heading. */
  renderTitle?: (title: string) => React.ReactNode;
  /** Without write access everything is shown but nothing can be changed. */
  readOnly?: boolean;
}
