/**
 * The one label layout of every data-entry form of the console (the engine's forms, action
 * forms and the hand-written dialogs): the label above its field, without a colon, whatever the
 * number of columns. Search bars (inline filters) are not entry forms.
 */
export const FORM_LABEL_LAYOUT = { layout: 'vertical', colon: false } as const;
