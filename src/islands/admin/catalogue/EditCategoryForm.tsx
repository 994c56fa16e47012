/** A category's type and description, changed in place. */
import { changeCategory } from '../../../client/catalogue.ts';
import { CategoryEditFormSchema } from '../../../lib/catalogue.ts';
import type { CategoryView } from '../../../server/features/catalogue/catalogue.views.ts';
import { SubmitButton, TextAreaField, TextField } from '../../forms/fields.tsx';
import { useForm } from '../../forms/use-form.ts';
import type { AdminMessages } from '../admin-messages.ts';
import { CATEGORY_TEXTS } from '../texts.ts';
import { fieldErrorsOf, type Reload, withHiddenContext } from './form-helpers.tsx';

export function EditCategoryForm({
  category,
  messages,
  onSaved,
}: {
  category: CategoryView;
  messages: AdminMessages;
  onSaved: Reload;
}) {
  const form = useForm(CategoryEditFormSchema, ['type', 'description'] as const, {
    type: category.type,
    description: category.description,
  });
  const onSubmit = form.submit(async (change) => {
    try {
      await changeCategory(category.id, change);
      messages.done(CATEGORY_TEXTS.saved);
      await onSaved();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <form
      className="form admin-edit"
      noValidate
      onSubmit={onSubmit}
      aria-label={CATEGORY_TEXTS.editTitle(category.number)}
    >
      <TextField {...form.field('type')} label={CATEGORY_TEXTS.type} />
      <TextAreaField {...form.field('description')} label={CATEGORY_TEXTS.description} />
      <SubmitButton
        ready={form.ready}
        submitting={form.submitting}
        label={withHiddenContext(CATEGORY_TEXTS.save, CATEGORY_TEXTS.saveWhat(category.number))}
        busyLabel={CATEGORY_TEXTS.saving}
      />
    </form>
  );
}
