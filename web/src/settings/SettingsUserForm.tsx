import { graphql, useFragment, useMutation } from "react-relay";
import type { SettingsUserForm_user$key } from "../__generated__/SettingsUserForm_user.graphql";
import type { SettingsUserFormMutation } from "../__generated__/SettingsUserFormMutation.graphql";
import { SaveButton } from "../shell/SaveButton";
import { PasswordChangeFields, ProfileFields } from "./ProfileFields";
import { useProfileForm } from "./useProfileForm";

/**
 * The signed-in user's own profile (/settings/user): name, e-mail, language, digest and an optional
 * new password. The state and the save are useProfileForm's; the fields are ProfileFields'.
 */
export function SettingsUserForm({ user }: { user: SettingsUserForm_user$key }) {
  const data = useFragment(
    graphql`
      fragment SettingsUserForm_user on User {
        id
        displayName
        email
        locale
        receiveDigest
      }
    `,
    user,
  );
  const [commit] = useMutation<SettingsUserFormMutation>(graphql`
    mutation SettingsUserFormMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        user {
          id
          displayName
          email
          locale
          receiveDigest
        }
      }
    }
  `);
  const form = useProfileForm(data, commit);

  return (
    <form id={form.formId} className="form" onSubmit={form.onSubmit} noValidate>
      <ProfileFields form={form} />
      <PasswordChangeFields form={form} />
      <SaveButton valid={form.valid} dirty={form.dirty} saving={form.saving} form={form.formId} />
      {form.dialog}
    </form>
  );
}
