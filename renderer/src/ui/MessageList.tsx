/** Renders a page's messages: errors as alerts, the rest as status notes. */
import { ErrorNotice } from './ErrorNotice.tsx';
import { Notice } from './Notice.tsx';
import type { Messages } from './messages.ts';

/** The messages of `useMessages()`, newest first. */
export function MessageList({ messages }: { messages: Messages }) {
  if (messages.list.length === 0) return null;
  return (
    <div className="messages">
      {messages.list.map((m) =>
        m.kind === 'error' ? (
          <ErrorNotice key={m.id} title={m.title} error={m.error} onDismiss={() => messages.dismiss(m.id)} />
        ) : (
          <Notice key={m.id} onDismiss={() => messages.dismiss(m.id)}>
            {m.content}
          </Notice>
        ),
      )}
    </div>
  );
}
