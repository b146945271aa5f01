import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useForm, useWatch } from 'react-hook-form';
import {
  ADMIN_MESSAGES,
  DESIGN_HISTORY_TEXTS,
  DESIGN_PAGE_TEXTS,
  DESIGN_SERVER_MESSAGES,
  FILE_PICKER_ACCEPT,
  UPLOAD_LIMITS,
  adminDesignUpdateFields,
  type AdminDesign,
  type AdminDesignDetail,
  type DesignStatus,
} from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { TextAreaField } from '../../../components/ui/form-field';
import { contractResolver } from '../../../components/ui/forms/contract-resolver';
import { FILE_RULES } from '../../../components/ui/forms/file-check';
import { FileField } from '../../../components/ui/forms/file-field';
import { FilePreview } from '../../../components/ui/forms/file-preview';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { useUnsavedChanges } from '../../../components/ui/forms/use-unsaved-changes';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { isApiError } from '../../../lib/api-error';
import { adminDesignQuery, saveDesignReview } from '../api/designs-api';
import { DesignStatusSelect } from './design-status-select';
import { PrivateFileButton } from './private-file-button';
import { PrivateImagePreview } from './private-image-preview';

// 'Image preview is shown for jpeg, jpg, png, webp' (admin spec).
const PREVIEW_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp'];
const PREVIEW_MIMES = ['image/png', 'image/jpeg', 'image/webp'];

export function isPreviewable(name: string, mime?: string | null): boolean {
  if (mime) return PREVIEW_MIMES.includes(mime);
  return PREVIEW_EXTENSIONS.includes((name.split('.').pop() ?? '').toLowerCase());
}

// 'Are you sure? You are about to submit changes to this design.' as a title and its explanation.
const [CONFIRM_TITLE, CONFIRM_TEXT] = (() => {
  const text: string = ADMIN_MESSAGES.designSubmitConfirm;
  const cut = text.indexOf('?') + 1;
  return [text.slice(0, cut), text.slice(cut).trim()];
})();

/** Said beside Save Changes while the form holds nothing a save would send. */
const NOTHING_TO_SAVE = 'No changes to save yet.';

/** A design as the form reviews it: with its `updated_at` (the detail's), saves apply only to that version. */
export type ReviewedDesign = AdminDesign & Partial<Pick<AdminDesignDetail, 'updated_at'>>;

interface DesignReviewFormProps {
  design: ReviewedDesign;
  onSaved: (design: AdminDesignDetail) => void;
  /**
   * The form put in after a save (the page mounts a new one, filled from the design saved): its Save Changes takes
   * the focus, which the 'Success!' message gave back to the Save Changes of the form it replaced.
   */
  afterSave?: boolean;
}

interface ReviewValues {
  status: DesignStatus;
  /** A new comment, added beside the earlier ones (which the Comments section lists). */
  comments: string;
  recommendation_notes: string;
  removed_recommendation_files: string[];
  recommendation_files: File[];
}

const valuesOf = (design: ReviewedDesign): ReviewValues => ({
  status: design.status,
  comments: '',
  recommendation_notes: design.recommendation_notes ?? '',
  removed_recommendation_files: [],
  recommendation_files: [],
});

const resolver = contractResolver<ReviewValues>(
  adminDesignUpdateFields,
  ({ recommendation_files: _files, ...fields }) => fields,
  { recommendation_files: FILE_RULES.recommendation },
);

/**
 * Status, comments, recommendation notes and files of one design on react-hook-form (the route's schema, each
 * new file checked by its first bytes: a refused one keeps the form from being saved until it is removed), saved
 * together after a confirmation. A save sends only what the admin changed, with the version of the design the
 * form was filled from: if someone changed the design since, the server saves nothing (409) and the form says so
 * and offers to read the design again.
 */
export function DesignReviewForm({ design: current, onSaved, afterSave = false }: DesignReviewFormProps) {
  const dialogs = useMessageDialogs();
  const client = useQueryClient();
  // The design the form was filled from: its version goes with the save, its files are the ones offered for
  // removal. It changes only when the admin reloads it (a save remounts the form with the design saved).
  const [design, setDesign] = useState(current);
  // How many times the form was filled again from the design read anew (each one moves the focus to its top).
  const [reloads, setReloads] = useState(0);
  const { register, control, handleSubmit, setError, trigger, reset, setFocus, formState } =
    useForm<ReviewValues>({
      resolver,
      defaultValues: valuesOf(current),
    });
  const { errors, dirtyFields, isDirty } = formState;
  const busy = formState.isSubmitting;
  const removedField = useController({ control, name: 'removed_recommendation_files' });
  const filesField = useController({ control, name: 'recommendation_files' });
  const removed = removedField.field.value;
  const newFiles = filesField.field.value;
  const fileErrors = Array.isArray(errors.recommendation_files) ? errors.recommendation_files : [];
  const filesMessage =
    [errors.recommendation_files?.message, ...fileErrors.map((e) => e?.message)].filter(Boolean).join(' ') ||
    undefined;
  // Leaving with a changed status, a new comment, other notes or files asks first.
  useUnsavedChanges(isDirty && !busy);
  // What a save would send (see onSubmit): a status or notes set back to the design's, or a comment of spaces,
  // send nothing. With nothing to send, Save Changes does nothing and says so, rather than confirming a save that
  // saves nothing. It stays focusable (aria-disabled, not disabled): after a save it takes the focus back.
  const comment = useWatch({ control, name: 'comments' });
  const nothingToSave =
    !dirtyFields.status &&
    !dirtyFields.recommendation_notes &&
    !comment.trim() &&
    removed.length === 0 &&
    newFiles.length === 0;
  const nothingToSaveId = useId();
  const removedError = errors.removed_recommendation_files?.message;

  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (afterSave) saveButton.current?.focus();
  }, [afterSave]);

  // The form filled again starts at its first field (once react-hook-form has registered its fields again).
  useEffect(() => {
    if (reloads > 0) setFocus('status');
  }, [reloads, setFocus]);

  /**
   * After a 409 (nothing was saved): says the design changed meanwhile and offers to read it again. Reload fills
   * the form with the design as it is now, dropping the admin's changes made on the version that is gone, and
   * starts again at its first field; Keep Editing leaves the form as it is (a save is refused the same way).
   */
  async function offerReload() {
    const reload = await dialogs.confirm({
      title: ADMIN_MESSAGES.errorTitle,
      message: DESIGN_SERVER_MESSAGES.changedMeanwhile,
      tone: 'warning',
      confirmLabel: DESIGN_PAGE_TEXTS.reload,
      cancelLabel: DESIGN_PAGE_TEXTS.keepEditing,
    });
    if (!reload) return;
    let fresh: AdminDesignDetail;
    try {
      fresh = await client.fetchQuery({ ...adminDesignQuery(design.id), staleTime: 0 });
    } catch (error) {
      // A 401 ends the session (the API client); the page keeps the design it has, and the form its changes.
      if (isApiError(error) && error.status === 401) return;
      await dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.designFetchFailed,
        tone: 'error',
      });
      return;
    }
    setDesign(fresh);
    reset(valuesOf(fresh));
    setReloads((n) => n + 1);
  }

  function setFiles(files: File[]) {
    filesField.field.onChange(files);
    void trigger('recommendation_files');
  }

  // A save takes so many new files (the route's limit): the ones past it are left out, and the admin is told.
  function pickFiles(files: File[]) {
    const room = Math.max(0, UPLOAD_LIMITS.maxRecommendationFiles - newFiles.length);
    if (files.length <= room) return setFiles([...newFiles, ...files]);
    filesField.field.onChange([...newFiles, ...files.slice(0, room)]);
    setError('recommendation_files', {
      type: 'count',
      message: ADMIN_MESSAGES.recommendationFilesTooMany(UPLOAD_LIMITS.maxRecommendationFiles),
    });
  }

  const onSubmit = handleSubmit(async (values) => {
    if (!Number.isInteger(design.id) || design.id <= 0) {
      await dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.invalidDesignId,
        tone: 'error',
      });
      return;
    }
    const confirmed = await dialogs.confirm({
      title: CONFIRM_TITLE,
      message: CONFIRM_TEXT,
      confirmLabel: 'Yes, submit',
      tone: 'warning',
    });
    if (!confirmed) return;
    try {
      // Only what the admin changed: a status or notes left alone are not written back over someone else's.
      const saved = await saveDesignReview(design.id, {
        status: dirtyFields.status ? values.status : undefined,
        comments: values.comments.trim() ? values.comments : undefined,
        recommendationNotes: dirtyFields.recommendation_notes ? values.recommendation_notes : undefined,
        newFiles: values.recommendation_files,
        removedFiles: values.removed_recommendation_files,
        updatedAt: design.updated_at,
      });
      await dialogs.alert({
        title: ADMIN_MESSAGES.successTitle,
        message: ADMIN_MESSAGES.designChangesSaved,
        tone: 'success',
      });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      if (isApiError(error) && error.status === 409) {
        void offerReload();
        return;
      }
      // Field errors (and an upload's refusal) stand under their fields as well.
      if (isApiError(error)) showFieldErrors(error, setError, 'recommendation_files');
      await dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.designChangesFailed,
        tone: 'error',
      });
    }
  });

  return (
    <form
      onSubmit={(event) => {
        if (!nothingToSave) return void onSubmit(event);
        event.preventDefault();
      }}
      noValidate
      className="grid gap-5"
    >
      <DesignStatusSelect error={errors.status?.message} {...register('status')} />
      <TextAreaField
        label={DESIGN_HISTORY_TEXTS.newComment}
        hint={DESIGN_HISTORY_TEXTS.addCommentHint}
        rows={4}
        maxLength={5000}
        error={errors.comments?.message}
        {...register('comments')}
      />
      <TextAreaField
        label="Recommendation Notes"
        rows={4}
        maxLength={5000}
        error={errors.recommendation_notes?.message}
        {...register('recommendation_notes')}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-navy-900">Recommendation Files</legend>
        {design.recommendation_files.length === 0 && newFiles.length === 0 && (
          <p className="text-sm text-slate-600">No recommendation files yet.</p>
        )}
        <ul className="space-y-2">
          {design.recommendation_files.map((file) => {
            const isRemoved = removed.includes(file.name);
            return (
              <li
                key={file.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
              >
                <div className={cx('min-w-0 text-sm break-all', isRemoved && 'text-slate-500 line-through')}>
                  <PrivateFileButton url={file.url} kind="admin" name={file.name}>
                    {file.name}
                  </PrivateFileButton>
                  {isRemoved && <span className="ml-2 text-xs no-underline">(will be removed)</span>}
                  {isPreviewable(file.name, file.mime) && (
                    <div className="mt-2 max-w-xs">
                      <PrivateImagePreview url={file.url} kind="admin" alt={`Preview of ${file.name}`} />
                    </div>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    removedField.field.onChange(
                      isRemoved ? removed.filter((n) => n !== file.name) : [...removed, file.name],
                    )
                  }
                  aria-label={`${isRemoved ? 'Keep' : 'Remove'} ${file.name}`}
                >
                  {isRemoved ? 'Undo' : 'Remove'}
                </Button>
              </li>
            );
          })}
          {newFiles.map((file, index) => {
            const refused = fileErrors[index]?.message;
            return (
              <li
                key={`${file.name}-${index}`}
                className={cx(
                  'flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2',
                  refused ? 'bg-red-50' : 'bg-emerald-50',
                )}
              >
                <div
                  className={cx('min-w-0 text-sm break-all', refused ? 'text-red-800' : 'text-emerald-900')}
                >
                  {file.name} <span className="text-xs">{refused ? '(refused)' : '(new)'}</span>
                  {!refused && isPreviewable(file.name, file.type || null) && (
                    <FilePreview
                      file={file}
                      alt={`Preview of ${file.name}`}
                      className="mt-2 max-h-40 rounded-lg bg-white object-contain ring-1 ring-slate-200"
                    />
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setFiles(newFiles.filter((_, i) => i !== index))}
                  aria-label={`Remove ${file.name}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        {removedError && (
          <p className="mt-2 text-sm text-red-700" role="alert">
            {removedError}
          </p>
        )}
        <FileField
          className="mt-3"
          label="Add recommendation files"
          hint={`PNG, JPEG, JPG, WEBP or PDF, up to ${UPLOAD_LIMITS.recommendationFileBytes / 1024 / 1024} MB each`}
          accept={FILE_PICKER_ACCEPT.recommendation}
          multiple
          error={filesMessage}
          onPick={pickFiles}
        />
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {nothingToSave && (
          <p id={nothingToSaveId} className="text-sm text-slate-600">
            {NOTHING_TO_SAVE}
          </p>
        )}
        <Button
          ref={saveButton}
          type="submit"
          loading={busy}
          loadingText="Saving..."
          aria-disabled={nothingToSave || busy || undefined}
          aria-describedby={nothingToSave ? nothingToSaveId : undefined}
        >
          Save Changes
        </Button>
      </div>
    </form>
  );
}
