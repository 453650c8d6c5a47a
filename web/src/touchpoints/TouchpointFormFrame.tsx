import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { SaveButton } from "../shell/SaveButton";
import { DeleteTouchpointButton } from "./DeleteTouchpointButton";
import { ReadOnlyNotice } from "./ReadOnlyNotice";
import type { TouchpointForm } from "./useTouchpointForm";

/**
 * The form element around a touchpoint's fields: the server's refusal above read-only controls,
 * the delete button of a saved touchpoint (back to `listPath` after deleting), the floating save
 * button and the unsaved-changes dialog.
 */
export function TouchpointFormFrame({
  form,
  listPath,
  children,
}: {
  form: Pick<TouchpointForm, "formId" | "touchpoint" | "readOnly" | "valid" | "dirty" | "saving" | "onSubmit" | "dialog">;
  listPath: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const tp = form.touchpoint;
  return (
    <form id={form.formId} className="form" onSubmit={form.onSubmit} noValidate>
      {tp?.editRefusal ? <ReadOnlyNotice refusal={tp.editRefusal} /> : null}
      {children}
      {tp && !form.readOnly ? (
        <div>
          <DeleteTouchpointButton id={tp.id} name={tp.name} onDeleted={() => navigate(listPath)} />
        </div>
      ) : null}
      {!form.readOnly ? <SaveButton valid={form.valid} dirty={form.dirty} saving={form.saving} form={form.formId} /> : null}
      {form.dialog}
    </form>
  );
}
