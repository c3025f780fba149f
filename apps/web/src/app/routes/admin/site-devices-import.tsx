import type { Site } from '@rondin/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { ImportTrapsModal } from '../../../features/traps/components/import-traps-modal';
import { IMPORT_MESSAGES } from '../../../features/traps/messages';

export const SITE_DEVICES_MESSAGES = {
  title: 'Dispositivos',
  intro: (count: number) =>
    count === 1 ? 'El sitio tiene 1 dispositivo.' : `El sitio tiene ${count.toLocaleString('es')} dispositivos.`,
  list: 'Ver sus dispositivos',
  import: 'Importar dispositivos (CSV o Excel)',
} as const;

/**
 * The site's devices on its page: how many, the way to their list, and the import, where the site is known
 * (defect 6 of [T]): the file needs no «sitio» column, and a row naming another site is refused.
 */
export function SiteDevicesImport({ site }: { site: Site }) {
  const heading = useId();
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  return (
    <section aria-labelledby={heading}>
      <h2 className="plan-page__section-title" id={heading}>
        {SITE_DEVICES_MESSAGES.title}
      </h2>
      <p>
        {SITE_DEVICES_MESSAGES.intro(site.trapCount)}{' '}
        <Link to={`/admin/traps?siteId=${site.id}`}>{SITE_DEVICES_MESSAGES.list}</Link>
      </p>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
        {SITE_DEVICES_MESSAGES.import}
      </button>
      {importing ? (
        <ImportTrapsModal
          showSite={false}
          site={site}
          onClose={() => setImporting(false)}
          onImported={(count) => {
            setImporting(false);
            setNotice({ tone: 'success', text: IMPORT_MESSAGES.done(count) });
          }}
        />
      ) : null}
    </section>
  );
}
