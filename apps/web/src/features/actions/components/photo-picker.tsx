import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@rondin/contracts/finding-rules';
import { useId, useState } from 'react';
import { ACTION_MESSAGES as TEXT } from '../messages';

/** What the server refuses of a photo, said before it is sent: its type by the file's own, and its size. */
function problemOf(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return TEXT.photoWrongType(file.name);
  if (file.size > PHOTO_MAX_BYTES) return TEXT.photoTooLarge(file.name);
  return null;
}

/** The photos chosen for an action, and the first reason one of them would be refused. */
export function usePhotoUploads() {
  const [files, setFiles] = useState<File[]>([]);
  const problem = files.map(problemOf).find((found) => found !== null) ?? null;
  return { files, problem, choose: (list: FileList | null) => setFiles(list ? [...list] : []) };
}

/** A file input for an action's photos (JPEG or WebP, 2 MB each), with what was chosen and what will be refused. */
export function PhotoPicker({
  uploads,
  label = TEXT.photosLabel,
  disabled = false,
  onChosen,
}: {
  uploads: ReturnType<typeof usePhotoUploads>;
  label?: string;
  disabled?: boolean;
  /** Told once files are chosen (the detail uploads them at once). */
  onChosen?: (files: File[]) => void;
}) {
  const ids = { input: useId(), status: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <input
        id={ids.input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        disabled={disabled}
        aria-describedby={ids.status}
        aria-invalid={uploads.problem ? true : undefined}
        onChange={(event) => {
          const chosen = event.target.files ? [...event.target.files] : [];
          uploads.choose(event.target.files);
          if (chosen.length > 0 && !chosen.some((file) => problemOf(file))) onChosen?.(chosen);
          if (onChosen) event.target.value = '';
        }}
      />
      <p id={ids.status} className="field-hint" role={uploads.problem ? 'alert' : undefined}>
        {uploads.problem ?? (uploads.files.length > 0 ? TEXT.photosChosen(uploads.files.length) : '')}
      </p>
    </div>
  );
}
