import './settings-section.css';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Notice, type NoticeMessage } from './notice';

/**
 * A section of a settings screen (Configuración, Integraciones): its title and what it is for, its main action
 * beside them when it has one, the last notice, then its content.
 */
export function SettingsSection({
  title,
  intro,
  action,
  notice,
  onDismiss,
  children,
}: {
  title: string;
  intro: string;
  action?: ReactNode;
  notice: NoticeMessage | null;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section className="settings-section" aria-labelledby={heading}>
      <div className="settings-section__header">
        <div>
          <h2 id={heading} className="settings-section__title">
            {title}
          </h2>
          <p className="settings-section__intro">{intro}</p>
        </div>
        {action}
      </div>
      {notice ? <Notice notice={notice} onDismiss={onDismiss} /> : null}
      {children}
    </section>
  );
}
