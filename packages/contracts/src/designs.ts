import { z } from 'zod';
import { DESIGN_STATUSES, DESIGN_TABS, PAGE_SIZE, QUESTIONNAIRE_OPTIONS, type DesignTab } from './constants';
import {
  adminPagination,
  adminSearchText,
  boundedText,
  emailField,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  requiredFieldMessage,
  textRefusal,
  tooLongMessage,
} from './common';

/* ------------------------------------------------------------------------------------------------
 * The questionnaire: its fields, its steps per tab and the rule of each step. The web form walks the
 * steps; the server checks the same mandatory fields, so both refuse the same submissions.
 * ---------------------------------------------------------------------------------------------- */

export type QuestionnaireField =
  | 'title'
  | 'email'
  | 'description'
  | 'design_file'
  | 'totalNumber'
  | 'features'
  | 'interest'
  | 'options'
  | 'name'
  | 'company_name'
  | 'zip_code'
  | 'phone';

export type DesignStepKind = 'upload' | 'radio' | 'checkbox' | 'group';

export interface DesignStep {
  id: string;
  title: string;
  kind: DesignStepKind;
  /** Fields the step shows, in order. */
  fields: QuestionnaireField[];
  /** A step whose requirement is off may proceed empty; on haveDesign it may also be skipped. */
  required: boolean;
  /** Of a required step: the fields that must be filled. */
  mandatory: QuestionnaireField[];
}

const contactFields: QuestionnaireField[] = ['name', 'email', 'company_name', 'zip_code', 'phone'];

export const DESIGN_FORM_STEPS: Record<DesignTab, DesignStep[]> = {
  haveDesign: [
    {
      id: 'upload',
      title: 'Upload your floor plan or design',
      kind: 'upload',
      fields: ['design_file', 'description'],
      required: true,
      mandatory: ['design_file', 'description'],
    },
    {
      id: 'totalNumber',
      title: 'How many workstations do you need?',
      kind: 'radio',
      fields: ['totalNumber'],
      required: false,
      mandatory: [],
    },
    {
      id: 'features',
      title: 'Which features do you want?',
      kind: 'checkbox',
      fields: ['features'],
      required: false,
      mandatory: [],
    },
    {
      id: 'preferences',
      title: 'What are you interested in?',
      kind: 'radio',
      fields: ['interest', 'options'],
      required: false,
      mandatory: [],
    },
    {
      id: 'contact',
      title: 'Your contact information',
      kind: 'group',
      fields: contactFields,
      required: true,
      mandatory: contactFields,
    },
  ],
  dontHaveDesign: [
    {
      id: 'totalNumber',
      title: 'How many workstations do you need?',
      kind: 'radio',
      fields: ['totalNumber'],
      required: true,
      mandatory: ['totalNumber'],
    },
    {
      id: 'features',
      title: 'Which features do you want?',
      kind: 'checkbox',
      fields: ['features'],
      required: true,
      mandatory: ['features'],
    },
    {
      id: 'interest',
      title: 'What are you interested in?',
      kind: 'radio',
      fields: ['interest'],
      required: true,
      mandatory: ['interest'],
    },
    {
      id: 'options',
      title: 'Do you need power or data at the workstations?',
      kind: 'radio',
      fields: ['options', 'description'],
      required: false,
      mandatory: [],
    },
    {
      id: 'contact',
      title: 'Your contact information',
      kind: 'group',
      fields: contactFields,
      required: true,
      mandatory: contactFields,
    },
  ],
};

export const QUESTIONNAIRE_LABELS: Record<QuestionnaireField, string> = {
  title: 'Design name',
  email: 'E-mail',
  description: 'Description',
  design_file: 'Design file',
  totalNumber: 'Number of workstations',
  features: 'Features',
  interest: 'Interest',
  options: 'Options',
  name: 'Name',
  company_name: 'Company name',
  zip_code: 'ZIP code',
  phone: 'Phone',
};

/** Human names of fields in server messages ('The company name field is required.'). */
const FIELD_WORDS: Record<QuestionnaireField, string> = {
  title: 'design name',
  email: 'email',
  description: 'description',
  design_file: 'design file',
  totalNumber: 'total number',
  features: 'features',
  interest: 'interest',
  options: 'options',
  name: 'name',
  company_name: 'company name',
  zip_code: 'zip code',
  phone: 'phone',
};

export const requiredMessage = (field: QuestionnaireField) => requiredFieldMessage(FIELD_WORDS[field]);

/** Every field that must be filled for a tab (the e-mail only of guests, the design name only when asked). */
export function mandatoryDesignFields(
  tab: DesignTab,
  opts: { guest: boolean; titleRequired?: boolean },
): QuestionnaireField[] {
  const fields = new Set(DESIGN_FORM_STEPS[tab].filter((s) => s.required).flatMap((s) => s.mandatory));
  if (!opts.guest) fields.delete('email');
  if (opts.titleRequired) fields.add('title');
  return [...fields];
}

export const DESIGN_TEXT_LIMITS = {
  title: 150,
  name: 100,
  company_name: 150,
  zip_code: 20,
  phone: 40,
  description: 5000,
} as const;

const text = (field: QuestionnaireField, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${FIELD_WORDS[field]} may not be greater than ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

const choice = <T extends readonly [string, ...string[]]>(field: QuestionnaireField, values: T) =>
  z
    .union([z.literal(''), z.enum(values, { error: `The selected ${FIELD_WORDS[field]} is invalid.` })])
    .optional()
    .transform((v) => (v ? v : undefined));

/** features arrive as JSON text (multipart), as repeated fields, or as a list (JSON body). */
const featuresField = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (Array.isArray(v)) return v;
      if (typeof v === 'string') {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      return v;
    },
    z.array(z.enum(QUESTIONNAIRE_OPTIONS.features, { error: 'The selected features are invalid.' }), {
      error: 'The features must be a list.',
    }),
  )
  .transform((list) => [...new Set(list)]);

const phoneField = text('phone', DESIGN_TEXT_LIMITS.phone).refine(
  (v) => v === undefined || PHONE_PATTERN.test(v),
  { message: PHONE_MESSAGE },
);

/** The text fields of a submission, before the tab's mandatory rules. */
export const designSubmissionFields = z.object({
  selectedTab: z.enum(DESIGN_TABS, { error: 'The selected tab is invalid.' }),
  title: text('title', DESIGN_TEXT_LIMITS.title),
  email: z.union([z.literal(''), emailField]).optional(),
  description: text('description', DESIGN_TEXT_LIMITS.description),
  totalNumber: choice('totalNumber', QUESTIONNAIRE_OPTIONS.totalNumber),
  features: featuresField,
  interest: choice('interest', QUESTIONNAIRE_OPTIONS.interest),
  options: choice('options', QUESTIONNAIRE_OPTIONS.options),
  name: text('name', DESIGN_TEXT_LIMITS.name),
  company_name: text('company_name', DESIGN_TEXT_LIMITS.company_name),
  zip_code: text('zip_code', DESIGN_TEXT_LIMITS.zip_code),
  phone: phoneField,
});
export type DesignSubmissionFields = z.output<typeof designSubmissionFields>;

/** Is a questionnaire value filled in the sense of the step rules (text given, a file chosen, at least one box ticked)? */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The answer to a submission. */
export const designSubmittedResponse = z.object({
  message: z.string(),
  design: z.object({
    slug: z.string(),
    title: z.string(),
    status: z.enum(DESIGN_STATUSES),
    created_at: z.string(),
  }),
});
export type DesignSubmittedResponse = z.infer<typeof designSubmittedResponse>;

/* ------------------------------------------------------------------------------------------------
 * Customer area
 * ---------------------------------------------------------------------------------------------- */

export const designPreferences = z.object({
  totalNumber: z.string().nullable(),
  interest: z.string().nullable(),
  options: z.string().nullable(),
  features: z.array(z.string()),
});
export type DesignPreferences = z.infer<typeof designPreferences>;

export const designFileLink = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  mime: z.string(),
});
export type DesignFileLink = z.infer<typeof designFileLink>;

export const customerDesign = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  short_title: z.string(),
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  description: z.string().nullable(),
  comments: z.string().nullable(),
  status: z.enum(DESIGN_STATUSES),
  created_at: z.string(),
  design_file_url: z.string().nullable(),
  design_file_name: z.string().nullable(),
  design_file_mime: z.string().nullable(),
  recommendation_notes: z.string().nullable(),
  recommendation_files: z.array(designFileLink),
  recommendation_files_urls: z.array(z.string()),
  design_preferences: designPreferences,
});
export type CustomerDesign = z.infer<typeof customerDesign>;

export const DESIGN_HISTORY_KINDS = [
  'submitted',
  'status',
  'comment',
  'recommendation_notes',
  'recommendation_file_added',
  'recommendation_file_removed',
] as const;
export type DesignHistoryKind = (typeof DESIGN_HISTORY_KINDS)[number];

/** The history a customer sees of their own design; admins see every kind. */
export const CUSTOMER_HISTORY_KINDS: readonly DesignHistoryKind[] = [
  'submitted',
  'status',
  'comment',
  'recommendation_notes',
  'recommendation_file_added',
];

/** How a design's history reads, entry by entry. */
export const DESIGN_HISTORY_TEXTS = {
  title: 'History',
  empty: 'No history yet.',
  submitted: 'Design submitted',
  status: (from: string, to: string) => `Status changed from ${from} to ${to}`,
  comment: 'Comment added',
  recommendation_notes: 'Recommendation notes updated',
  recommendation_file_added: (name: string) => `Recommendation file added: ${name}`,
  recommendation_file_removed: (name: string) => `Recommendation file removed: ${name}`,
  /** The Add Comment dialog says a comment is added beside the earlier ones. */
  addCommentHint: 'The comment is added to the design; earlier comments are kept.',
  latestComment: 'Latest comment',
  newComment: 'Add a comment',
  team: 'Cubicle Depot team',
} as const;

const historyAuthor = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One comment of a design, kept with its author and time (comments are added, never overwritten). */
export const designComment = z.object({
  id: z.number().int(),
  body: z.string(),
  author: historyAuthor,
  created_at: z.string(),
});
export type DesignComment = z.infer<typeof designComment>;

/** One entry of a design's history: who did what, and when. */
export const designHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(DESIGN_HISTORY_KINDS),
  author: historyAuthor,
  from_status: z.enum(DESIGN_STATUSES).nullable(),
  to_status: z.enum(DESIGN_STATUSES).nullable(),
  body: z.string().nullable(),
  created_at: z.string(),
});
export type DesignHistoryEntry = z.infer<typeof designHistoryEntry>;

/** One design as its detail page reads it: every comment, oldest first, and the history, oldest first. */
export const customerDesignDetail = customerDesign.extend({
  comment_list: z.array(designComment),
  history: z.array(designHistoryEntry),
});
export type CustomerDesignDetail = z.infer<typeof customerDesignDetail>;

export const customerDesignListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.designs),
});

export const customerDesignList = z.object({
  data: z.array(customerDesign),
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type CustomerDesignList = z.infer<typeof customerDesignList>;

export const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});

export const customerDesignResponse = z.object({ design: customerDesignDetail });

/** What the owner may change: descriptive fields only; status, comments and recommendations are ignored. */
export const customerDesignUpdate = z.object({
  title: z
    .string({ error: textRefusal('design name') })
    .trim()
    .min(1, 'The design name field is required.')
    .max(DESIGN_TEXT_LIMITS.title, tooLongMessage('design name', DESIGN_TEXT_LIMITS.title))
    .optional(),
  description: boundedText('description', DESIGN_TEXT_LIMITS.description).nullable().optional(),
  name: z
    .string({ error: textRefusal('name') })
    .trim()
    .min(1, 'The name field is required.')
    .max(DESIGN_TEXT_LIMITS.name, tooLongMessage('name', DESIGN_TEXT_LIMITS.name))
    .optional(),
  company_name: z
    .string()
    .trim()
    .min(1, 'The company name field is required.')
    .max(DESIGN_TEXT_LIMITS.company_name, tooLongMessage('company name', DESIGN_TEXT_LIMITS.company_name))
    .optional(),
  zip_code: z
    .string()
    .trim()
    .min(1, 'The zip code field is required.')
    .max(DESIGN_TEXT_LIMITS.zip_code, tooLongMessage('zip code', DESIGN_TEXT_LIMITS.zip_code))
    .optional(),
  phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE).optional(),
  totalNumber: z.enum(QUESTIONNAIRE_OPTIONS.totalNumber).nullable().optional(),
  features: z
    .array(z.enum(QUESTIONNAIRE_OPTIONS.features))
    .max(QUESTIONNAIRE_OPTIONS.features.length)
    .optional(),
  interest: z.enum(QUESTIONNAIRE_OPTIONS.interest).nullable().optional(),
  options: z.enum(QUESTIONNAIRE_OPTIONS.options).nullable().optional(),
});
export type CustomerDesignUpdate = z.input<typeof customerDesignUpdate>;

/* ------------------------------------------------------------------------------------------------
 * Back-office
 * ---------------------------------------------------------------------------------------------- */

export const adminDesignListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminList),
  search: adminSearchText,
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminDesignListQuery = z.input<typeof adminDesignListQuery>;

export const adminDesign = z.object({
  id: z.number().int(),
  slug: z.string(),
  admin_title: z.string(),
  title: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(DESIGN_STATUSES),
  created_at: z.string(),
  selected_tab: z.enum(DESIGN_TABS),
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  description: z.string().nullable(),
  design_file_url: z.string().nullable(),
  design_file_name: z.string().nullable(),
  design_file_mime: z.string().nullable(),
  /** JSON text: totalNumber, interest, options, and features as a JSON-encoded list. */
  design_preferences: z.string(),
  comments: z.string().nullable(),
  recommendation_notes: z.string().nullable(),
  recommendation_files_urls: z.array(z.string()),
  recommendation_files: z.array(designFileLink),
});
export type AdminDesign = z.infer<typeof adminDesign>;

export const adminDesignDetail = adminDesign.extend({
  comment_list: z.array(designComment),
  history: z.array(designHistoryEntry),
  /**
   * When the design last changed (ISO 8601, to the millisecond): the version the review form was loaded from,
   * sent back as the review's `updated_at` so a review of an older version is refused (409).
   */
  updated_at: z.string(),
});
export type AdminDesignDetail = z.infer<typeof adminDesignDetail>;

/** The customer a list is filtered by (?userId=), so the page can name them; null when unknown or unfiltered. */
export const filterUser = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const adminDesignList = z.object({
  designs: z.array(adminDesign),
  total: z.number().int(),
  pagination: adminPagination,
  filter_user: filterUser.optional(),
});
export type AdminDesignList = z.infer<typeof adminDesignList>;

export const adminDesignResponse = z.object({ design: adminDesignDetail });

export const designStatusField = z.enum(DESIGN_STATUSES, { error: 'The selected status is invalid.' });

export const adminDesignStatusRequest = z.object({ status: designStatusField });
export const adminDesignStatusResponse = z.object({ status: z.enum(DESIGN_STATUSES), message: z.string() });

export const adminDesignCommentRequest = z.object({
  comment: z
    .string({ error: textRefusal('comment') })
    .trim()
    .min(1, 'The comment field is required.')
    .max(5000, 'The comment may not be greater than 5000 characters.'),
});
export const adminDesignCommentResponse = z.object({ message: z.string(), design: adminDesignDetail });

/**
 * The text fields of POST /api/admin/designs/{id}/update (files travel beside them). Only what is sent is changed;
 * `comments` is a new comment, added whenever one is sent (like the Add Comment action). `updated_at`, the
 * design's `updated_at` as the form read it, makes the review apply only to that version: a design changed since
 * answers 409 (DESIGN_SERVER_MESSAGES.changedMeanwhile) and nothing is saved. Without it the review applies to the
 * design as it is.
 */
export const adminDesignUpdateFields = z.object({
  comments: z.string().trim().max(5000, 'The comments may not be greater than 5000 characters.').optional(),
  recommendation_notes: z
    .string()
    .trim()
    .max(5000, 'The recommendation notes may not be greater than 5000 characters.')
    .optional(),
  status: designStatusField.optional(),
  removed_recommendation_files: z
    .preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.string().max(200)).max(100),
    )
    .optional(),
  updated_at: z.iso
    .datetime({ offset: true, error: 'The updated at must be a valid date and time.' })
    .optional(),
});

export const DESIGN_SERVER_MESSAGES = {
  submitted: 'Design submitted successfully!',
  updated: 'Design updated successfully!',
  deleted: 'Design deleted successfully!',
  hasProposal:
    'This design has a proposal from us and can no longer be deleted. Please contact us to withdraw it.',
  statusUpdated: 'Design status has been updated.',
  commentAdded: 'Comment has been added.',
  changesSaved: 'Changes saved successfully.',
  designFileRequired: 'The design file field is required.',
  designFileType: 'The design file must be a file of type: png, jpg, jpeg, webp, pdf.',
  recommendationFileType: 'The recommendation files must be files of type: png, jpeg, jpg, webp, pdf.',
  adminCannotSubmit: 'Designs are submitted from a customer account or as a guest.',
  /** 409 to a review sent with an `updated_at` the design no longer has. */
  changedMeanwhile:
    'This design was changed by someone else since you opened it. Reload it to see the changes.',
  /** 422 under removed_recommendation_files for a name that is not one of the design's files. */
  recommendationFileUnknown: 'The file to remove is not a recommendation file of this design.',
} as const;

/** Texts of the design pages beyond the specifications' catalogues. */
export const DESIGN_PAGE_TEXTS = {
  /**
   * The review form's 409 dialog: read the design again and fill the form with it (the form's changes are
   * dropped), or stay with the changes.
   */
  reload: 'Reload Design',
  keepEditing: 'Keep Editing',
  /** A design in hand whose read again failed stays shown, with this notice. */
  refreshFailed: 'The latest changes could not be loaded. The design is shown as it was last loaded.',
} as const;
