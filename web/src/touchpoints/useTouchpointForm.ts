import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { useTouchpointForm_touchpoint$key } from "../__generated__/useTouchpointForm_touchpoint.graphql";
import { useFormGuard } from "../shell/useFormGuard";
import { validateBasics, type BasicsDraft } from "./TouchpointBasicsFields";
import { useSaveThenOpen } from "./useSaveThenOpen";
import { useTouchpointMutations, type CreateTouchpointInput, type UpdateTouchpointInput } from "./useTouchpointMutations";
import { toGlobalId } from "../util/globalId";

type OwnCreateInput = Omit<CreateTouchpointInput, "name" | "unitId" | "activeSurveyId">;
type OwnUpdateInput = Omit<UpdateTouchpointInput, "id" | "name" | "activeSurveyId" | "unitId" | "moveResponses">;

/**
 * The state every touchpoint form shares (terminal, link or QR code, web widget): the basics draft
 * (name, team, active survey, moving the responses) beside the type's own draft (`details`), both
 * starting again from the server's answer after a save; validity, dirtiness, read-only for a person
 * without rights; saving through createTouchpoint or updateTouchpoint; the unsaved-changes guard;
 * and after creating, the move to the new touchpoint's edit address.
 */
export function useTouchpointForm<D, E extends object>({
  touchpoint,
  defaultUnitId,
  defaultSurveyId = "",
  editPath,
  savedDetails,
  validateDetails,
  createInput,
  updateInput,
  extraDirty = false,
  onReset,
}: {
  /** The saved touchpoint (its form's fragment spreads `...useTouchpointForm_touchpoint`); null while creating one. */
  touchpoint: useTouchpointForm_touchpoint$key | null | undefined;
  defaultUnitId: string;
  defaultSurveyId?: string;
  editPath: (legacyId: string) => string;
  /** The type's own draft as saved; memoise it, since a new object means the server answered. */
  savedDetails: D;
  validateDetails: (details: D) => E;
  /** The type's own fields of a new touchpoint (its type included). */
  createInput: (details: D) => OwnCreateInput;
  /** The type's own fields of a saved touchpoint's update. */
  updateInput: (details: D) => OwnUpdateInput;
  /** A change the form keeps outside the drafts. */
  extraDirty?: boolean;
  /** Called when the drafts start again from the server's answer. */
  onReset?: () => void;
}) {
  const tp = useFragment(
    graphql`
      fragment useTouchpointForm_touchpoint on Touchpoint {
        id
        legacyId
        name
        unit {
          legacyId
          name
        }
        activeSurveyLegacyId
        editRefusal
        responseCount
      }
    `,
    touchpoint,
  );
  const formId = useId();
  const { create, update } = useTouchpointMutations();
  const { created, markCreated } = useSaveThenOpen(editPath);
  const savedBasics: BasicsDraft = useMemo(
    () => ({
      name: tp?.name ?? "",
      unitId: tp?.unit.legacyId ?? defaultUnitId,
      activeSurveyId: tp?.activeSurveyLegacyId ?? defaultSurveyId,
      moveResponses: null,
    }),
    [tp, defaultUnitId, defaultSurveyId],
  );
  const [basics, setBasics] = useState(savedBasics);
  const [details, setDetails] = useState(savedDetails);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState({ basics: savedBasics, details: savedDetails });
  // A saved answer from the server becomes the new starting point.
  if (shown.basics !== savedBasics || shown.details !== savedDetails) {
    setShown({ basics: savedBasics, details: savedDetails });
    setBasics(savedBasics);
    setDetails(savedDetails);
    onReset?.();
  }

  const readOnly = Boolean(tp?.editRefusal);
  const basicsErrors = validateBasics(basics, tp?.unit.legacyId ?? null);
  const detailsErrors = validateDetails(details);
  const valid = Object.keys(basicsErrors).length === 0 && Object.keys(detailsErrors).length === 0;
  const dirty =
    !readOnly && !created && (JSON.stringify(basics) !== JSON.stringify(savedBasics) || JSON.stringify(details) !== JSON.stringify(savedDetails) || extraDirty);

  const save = async (open = true): Promise<boolean> => {
    if (!valid || readOnly) return false;
    setSaving(true);
    try {
      // The drafts hold the 24-hex ids of the team and survey lists; the mutations take global ids.
      const activeSurveyId = basics.activeSurveyId ? toGlobalId("Survey", basics.activeSurveyId) : null;
      if (!tp) {
        const id = await create({ name: basics.name.trim(), unitId: toGlobalId("Unit", basics.unitId), activeSurveyId, ...createInput(details) });
        if (id) markCreated(id, open);
        return id !== null;
      }
      const moving = basics.unitId !== tp.unit.legacyId;
      return await update({
        id: tp.id,
        name: basics.name.trim(),
        activeSurveyId,
        ...updateInput(details),
        ...(moving ? { unitId: toGlobalId("Unit", basics.unitId), moveResponses: basics.moveResponses === true } : {}),
      });
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save: () => save(false) });
  // A new touchpoint shows no complaint before anything is typed (the Save button is disabled until
  // the form is valid); a stored one shows what is wrong at once.
  const touched = Boolean(tp) || dirty;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return {
    formId,
    touchpoint: tp ?? null,
    readOnly,
    valid,
    dirty,
    saving,
    onSubmit,
    dialog,
    details,
    setDetails,
    patchDetails: (patch: Partial<D>) => setDetails((d) => ({ ...d, ...patch })),
    /** The details' problems to show (none on an untouched new touchpoint); `valid` counts them all. */
    detailsErrors: touched ? detailsErrors : ({} as typeof detailsErrors),
    /** The props of TouchpointBasicsFields but its query. */
    basicsFields: {
      idPrefix: `${formId}-basics`,
      draft: basics,
      onChange: setBasics,
      errors: touched ? basicsErrors : ({} as typeof basicsErrors),
      savedUnit: tp ? tp.unit : null,
      responseCount: tp?.responseCount ?? 0,
    },
  };
}

export type TouchpointForm = ReturnType<typeof useTouchpointForm>;
