import type { ReactNode } from 'react';
import { useId } from 'react';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';

/** A section of the settings screen: its title and what it is for, the last notice, then its content. */
export function SettingsSection({
  title,
  intro,
  notice,
  onDismiss,
  children,
}: {
  title: string;
  intro: string;
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
      </div>
      {notice ? <Notice notice={notice} onDismiss={onDismiss} /> : null}
      {children}
    </section>
  );
}
