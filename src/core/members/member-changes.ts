import { memberFieldsSchema, type MemberFields } from './admin-members.schema.ts';

const MEMBER_FIELDS = Object.keys(memberFieldsSchema.shape) as Array<keyof MemberFields>;

/**
 * What a save changes: the fields the form sent whose value differs from the stored one. A field
 * sent with the value it already has changes nothing, so a save of only such fields is no change.
 */
export function memberChanges(stored: MemberFields, sent: Partial<MemberFields>): Partial<MemberFields> {
  return Object.fromEntries(
    MEMBER_FIELDS.filter((field) => sent[field] !== undefined && sent[field] !== stored[field]).map(
      (field) => [field, sent[field]],
    ),
  );
}

/** The stored values of the fields a change touches: the audit row's "before". */
export function storedValuesOf(stored: MemberFields, changes: Partial<MemberFields>): Partial<MemberFields> {
  return Object.fromEntries(
    MEMBER_FIELDS.filter((field) => field in changes).map((field) => [field, stored[field]]),
  );
}
