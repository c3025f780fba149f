import type { ExportFormat } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { Notice } from './notice';

const LABELS: Record<ExportFormat, string> = { csv: 'Exportar CSV', xlsx: 'Exportar Excel' };

/** Today in the browser's calendar, YYYY-MM-DD: the date in a downloaded file's name. */
function today(): string {
  const day = new Date();
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * A list's two downloads, CSV and Excel, of what its filters show (every page: the server reads them all). Each
 * button reads 'Generando…' while its file is made; a failure is said under them with the server's words.
 */
export function ExportButtons({
  fetchFile,
  fileName,
  what,
  disabled = false,
}: {
  fetchFile: (format: ExportFormat) => Promise<Blob>;
  /** The downloaded file's name without date nor extension: "inspecciones". */
  fileName: string;
  /** What is exported, for the buttons' accessible names: "las inspecciones filtradas". */
  what: string;
  disabled?: boolean;
}) {
  const download = useMutation({
    mutationFn: async (format: ExportFormat) => saveBlob(await fetchFile(format), `${fileName}-${today()}.${format}`),
  });
  return (
    <div className="export-buttons">
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--secondary"
          aria-label={`${LABELS[format]}: ${what}`}
          disabled={disabled || download.isPending}
          onClick={() => download.mutate(format)}
        >
          {download.isPending && download.variables === format ? 'Generando…' : LABELS[format]}
        </button>
      ))}
      {download.isError ? (
        <Notice
          notice={{ tone: 'error', text: 'No se pudo generar el archivo.', detail: serverMessage(download.error) }}
        />
      ) : null}
    </div>
  );
}
