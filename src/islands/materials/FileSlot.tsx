/**
 * One file field of an ordered item (texts, logo, photos, print file, briefing): what it takes and
 * how many more, the phone's picker or dropped files, a progress bar per file while it uploads in
 * parts, and the files that arrived with, for a print file, what the check found.
 */
import { type DragEvent, useId, useState } from 'react';
import { deleteMaterialFile, UploadRefused, uploadMaterial } from '../../client/materials.ts';
import { formatGermanDate } from '../../lib/dates.ts';
import { FILE_SLOT_NAMES, FILE_TYPE_PICKS, formatFileSize, formatSlotRule } from '../../lib/materials.ts';
import type { MaterialFileView, MaterialItemView } from '../../server/features/materials/materials.views.ts';
import { PreflightResult } from './PreflightResult.tsx';
import { MATERIALS_TEXTS } from './texts.ts';

const t = MATERIALS_TEXTS.files;

type Slot = MaterialItemView['slots'][number];

interface Transfer {
  key: string;
  name: string;
  size: number;
  received: number;
  error?: string;
}

interface Props {
  bookingId: number;
  itemId: number;
  slot: Slot;
  files: MaterialFileView[];
  editable: boolean;
  /** The order's materials changed: load them again. */
  onChange: () => Promise<void>;
}

export function FileSlot({ bookingId, itemId, slot, files, editable, onChange }: Props) {
  const id = useId();
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [dragging, setDragging] = useState(false);
  const name = FILE_SLOT_NAMES[slot.slot];
  const update = (key: string, change: Partial<Transfer>) =>
    setTransfers((all) => all.map((transfer) => (transfer.key === key ? { ...transfer, ...change } : transfer)));

  const send = async (chosen: File[]) => {
    // A single-file slot (logo, print file) takes the newest choice: the server replaces the old file.
    const taken = slot.maxFiles === 1 ? chosen.slice(-1) : chosen.slice(0, Math.max(slot.filesLeft, 0));
    const started = taken.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      size: file.size,
      received: 0,
    }));
    setTransfers((all) => [...all.filter((transfer) => transfer.error), ...started]);
    await Promise.all(
      taken.map(async (file, index) => {
        const key = started[index]?.key ?? '';
        try {
          await uploadMaterial(
            bookingId,
            { itemId, slot: slot.slot },
            file,
            (received) => update(key, { received }),
            t,
          );
          setTransfers((all) => all.filter((transfer) => transfer.key !== key));
        } catch (error) {
          update(key, { error: error instanceof UploadRefused ? error.message : t.network });
        }
      }),
    );
    await onChange();
  };

  const dropped = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (editable) void send([...event.dataTransfer.files]);
  };

  const remove = async (file: MaterialFileView) => {
    await deleteMaterialFile(bookingId, file.id);
    await onChange();
  };

  const single = slot.maxFiles === 1;
  const open = editable && (single || slot.filesLeft > 0);
  return (
    <fieldset className="material-slot">
      <legend>{name}</legend>
      <p className="material-slot__rule" id={`${id}-rule`}>
        {t.rule(formatSlotRule(slot.types, slot.maxBytes))}
        {!single && ` ${slot.slot === 'photo' ? t.photosLeft(slot.filesLeft) : t.left(slot.filesLeft)}`}
      </p>
      {files.length > 0 && (
        <ul className="material-slot__files">
          {files.map((file) => (
            <li key={file.id}>
              <span className="material-slot__name">{file.fileName}</span>{' '}
              <span className="material-slot__meta">
                {formatFileSize(file.bytes)}, {formatGermanDate(file.uploadedAt)}
              </span>
              {file.preflight && (
                <PreflightResult bookingId={bookingId} file={file} editable={editable} onChange={onChange} />
              )}
              {editable && !single && (
                <button type="button" className="button button--secondary" onClick={() => void remove(file)}>
                  {t.remove}
                  <span className="visually-hidden"> {t.removeFile(file.fileName)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {transfers.length > 0 && (
        <ul className="material-slot__transfers">
          {transfers.map((transfer) => (
            <li key={transfer.key}>
              {transfer.error ? (
                <p role="alert" className="form-message form-message--error">
                  {transfer.name}: {transfer.error}
                </p>
              ) : (
                <label>
                  {t.uploading(transfer.name)}
                  <progress max={transfer.size} value={transfer.received} />
                </label>
              )}
            </li>
          ))}
        </ul>
      )}
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is an extra; the picker inside is the way for keyboards and phones.
        <div
          className={`material-slot__drop${dragging ? ' material-slot__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={dropped}
        >
          <label className="button" htmlFor={`${id}-input`}>
            {single && files.length > 0 ? MATERIALS_TEXTS.print.replace : t.choose(name)}
          </label>
          <input
            id={`${id}-input`}
            className="visually-hidden"
            type="file"
            multiple={!single}
            accept={slot.types.map((type) => FILE_TYPE_PICKS[type]).join(',')}
            aria-describedby={`${id}-rule`}
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = '';
              void send(chosen);
            }}
          />
          <span className="material-slot__drop-hint">{t.drop}</span>
        </div>
      ) : (
        editable && <p>{t.full}</p>
      )}
    </fieldset>
  );
}
