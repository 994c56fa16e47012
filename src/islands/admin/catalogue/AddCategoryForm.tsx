/** The add-category form at the top of the catalogue. */
import { createCategory } from '../../../client/catalogue.ts';
import { CategorySchema } from '../../../lib/catalogue.ts';
import { SubmitButton, TextAreaField, TextField } from '../../forms/fields.tsx';
import { useForm } from '../../forms/use-form.ts';
import type { AdminMessages } from '../admin-messages.ts';
import { CATEGORY_TEXTS } from '../texts.ts';
import { fieldErrorsOf, type Reload } from './form-helpers.tsx';

export function AddCategoryForm({ messages, onAdded }: { messages: AdminMessages; onAdded: Reload }) {
  const form = useForm(CategorySchema, ['number', 'type', 'description'] as const);
  const onSubmit = form.submit(async (input) => {
    try {
      await createCategory(input);
      messages.done(CATEGORY_TEXTS.added);
      form.reset();
      await onAdded();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <section aria-labelledby="add-category-title" className="admin-card">
      <h2 id="add-category-title">{CATEGORY_TEXTS.addTitle}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="form__row">
          <TextField {...form.field('number')} label={CATEGORY_TEXTS.number} />
          <TextField {...form.field('type')} label={CATEGORY_TEXTS.type} />
        </div>
        <TextAreaField {...form.field('description')} label={CATEGORY_TEXTS.description} />
        <SubmitButton
          ready={form.ready}
          submitting={form.submitting}
          label={CATEGORY_TEXTS.add}
          busyLabel={CATEGORY_TEXTS.adding}
        />
      </form>
    </section>
  );
}
