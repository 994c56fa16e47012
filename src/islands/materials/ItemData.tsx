/**
 * What the customer types for an ordered item, by its kind: a website's name, address and texts;
 * a print position's final format; a maintenance term's site, system and contact (never a password);
 * a service's note. Checked here with the API's own rules, saved with 'Angaben speichern'.
 */
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { describeFailure } from '../../client/failures.ts';
import { saveItemMaterials } from '../../client/materials.ts';
import { TEXT_LIST_NAMES, type TextList } from '../../lib/materials.ts';
import type { ItemMaterials } from '../../lib/materials-input.ts';
import type { MaterialItemView } from '../../server/features/materials/materials.views.ts';
import { PlainField } from '../forms/plain-field.tsx';
import { MATERIALS_TEXTS as t } from './texts.ts';

type Data = MaterialItemView['data'];

/** The API's input rules, loaded with the first save: the page shows and takes files without them. */
const loadRules = () => import('../../lib/materials-input.ts');
type Entry = { title: string; text: string };

function TextArea({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} value={value} rows={4} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** "29,7" → 29.7; empty → null; anything else NaN, which the schema turns into its message. */
const centimetres = (typed: string): number | null =>
  typed.trim() === '' ? null : Number(typed.trim().replace(',', '.'));
const typedCm = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

function EntryList({
  list,
  max,
  entries,
  onChange,
  disabled,
}: {
  list: TextList;
  max: number;
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  disabled: boolean;
}) {
  const names = TEXT_LIST_NAMES[list];
  const set = (index: number, change: Partial<Entry>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="material-entries">
      <legend>{names.title}</legend>
      <p>{t.website.entriesLeft(entries.length, max)}</p>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; their place is their name.
        <div key={index} className="material-entries__entry">
          <PlainField
            label={t.website.entryTitle(names.one, index + 1)}
            value={entry.title}
            disabled={disabled}
            onChange={(title) => set(index, { title })}
          />
          <TextArea
            label={t.website.entryText(names.one, index + 1)}
            value={entry.text}
            disabled={disabled}
            onChange={(text) => set(index, { text })}
          />
          {!disabled && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onChange(entries.filter((_, at) => at !== index))}
            >
              {t.website.removeEntry}
              <span className="visually-hidden">
                {' '}
                ({names.one} {index + 1})
              </span>
            </button>
          )}
        </div>
      ))}
      {!disabled && entries.length < max && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...entries, { title: '', text: '' }])}
        >
          {t.website.addEntry(names.one)}
        </button>
      )}
    </fieldset>
  );
}

interface Props {
  bookingId: number;
  item: MaterialItemView;
  editable: boolean;
  onChange: () => Promise<void>;
}

export function ItemData({ bookingId, item, editable, onChange }: Props) {
  const [data, setData] = useState<Data>(item.data);
  const [typed, setTyped] = useState(() =>
    item.data.kind === 'print'
      ? { width: typedCm(item.data.widthCm), height: typedCm(item.data.heightCm) }
      : { width: '', height: '' },
  );
  const [state, setState] = useState<{ busy?: boolean; error?: string; saved?: boolean }>({});
  // Counts what is typed, so a save's answer does not overwrite what was typed while it was under way.
  const edits = useRef(0);
  const disabled = !editable;
  const change = (next: Partial<Data>) => {
    edits.current += 1;
    setData((current) => ({ ...current, ...next }) as Data);
    setState(({ busy }) => ({ busy }));
  };
  const typeFormat = (next: Partial<typeof typed>) => {
    edits.current += 1;
    setTyped((current) => ({ ...current, ...next }));
    setState(({ busy }) => ({ busy }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const sent =
      data.kind === 'print'
        ? { ...data, widthCm: centimetres(typed.width), heightCm: centimetres(typed.height) }
        : data;
    const edit = edits.current;
    setState({ busy: true });
    try {
      const parsed = v.safeParse((await loadRules()).ItemMaterialsSchema, sent);
      if (!parsed.success) {
        setState({ error: parsed.issues[0]?.message });
        return;
      }
      const stored = await saveItemMaterials(bookingId, item.id, parsed.output as ItemMaterials);
      // As stored (the wished address as its host name, texts trimmed), unless the customer typed
      // on meanwhile: that stays on the screen, for the next save.
      if (edits.current === edit) {
        setData(stored.data);
        setState({ saved: true });
      } else setState({});
      await onChange();
    } catch (error) {
      setState({ error: describeFailure(error, { http: t.saveFailed, other: t.saveFailed }).message });
    }
  };

  let fields: ReactNode;
  if (data.kind === 'website') {
    fields = (
      <>
        <PlainField
          label={t.website.siteName}
          value={data.siteName}
          disabled={disabled}
          onChange={(siteName) => change({ siteName })}
        />
        <PlainField
          label={t.website.desiredAddress}
          value={data.desiredAddress}
          disabled={disabled}
          inputMode="url"
          onChange={(desiredAddress) => change({ desiredAddress })}
        />
        {item.lists.map(({ list, max }) => (
          <EntryList
            key={list}
            list={list}
            max={max}
            entries={data[list]}
            disabled={disabled}
            onChange={(entries) => change({ [list]: entries })}
          />
        ))}
      </>
    );
  } else if (data.kind === 'print') {
    fields = item.design ? (
      <p>{t.print.design}</p>
    ) : (
      <>
        <div className="material-format">
          <PlainField
            label={t.print.width}
            value={typed.width}
            disabled={disabled}
            inputMode="decimal"
            onChange={(width) => typeFormat({ width })}
          />
          <PlainField
            label={t.print.height}
            value={typed.height}
            disabled={disabled}
            inputMode="decimal"
            onChange={(height) => typeFormat({ height })}
          />
        </div>
        <p className="field__hint">{t.print.formatHint}</p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={data.noFile}
            disabled={disabled}
            onChange={(event) => change({ noFile: event.target.checked })}
          />{' '}
          {t.print.noFile}
        </label>
        <TextArea label={t.print.note} value={data.note} disabled={disabled} onChange={(note) => change({ note })} />
      </>
    );
  } else if (data.kind === 'maintenance') {
    fields = (
      <>
        <PlainField
          label={t.maintenance.siteAddress}
          value={data.siteAddress}
          disabled={disabled}
          inputMode="url"
          onChange={(siteAddress) => change({ siteAddress })}
        />
        <PlainField
          label={t.maintenance.system}
          value={data.system}
          disabled={disabled}
          onChange={(system) => change({ system })}
        />
        <PlainField
          label={t.maintenance.contactName}
          value={data.contactName}
          disabled={disabled}
          onChange={(contactName) => change({ contactName })}
        />
        <PlainField
          label={t.maintenance.contactPhone}
          value={data.contactPhone}
          disabled={disabled}
          inputMode="tel"
          onChange={(contactPhone) => change({ contactPhone })}
        />
        <PlainField
          label={t.maintenance.callTimes}
          value={data.callTimes}
          disabled={disabled}
          onChange={(callTimes) => change({ callTimes })}
        />
        <p>{t.maintenance.access}</p>
      </>
    );
  } else {
    fields = (
      <TextArea label={t.service.note} value={data.note} disabled={disabled} onChange={(note) => change({ note })} />
    );
  }

  return (
    <form className="material-data" onSubmit={(event) => void save(event)} noValidate>
      {fields}
      {editable && (
        <p className="button-row">
          <button type="submit" className="button" disabled={state.busy}>
            {state.busy ? t.saving : t.save}
          </button>
        </p>
      )}
      <p role="status" className="form-message form-message--success">
        {state.saved ? t.saved : ''}
      </p>
      <p role="alert" className="form-message form-message--error">
        {state.error}
      </p>
    </form>
  );
}
