import {
  characterCount,
  DISCORD_ERROR_CODES,
  FormErrors,
  INVALID_FORM_BODY,
  isRecord,
  notAnArray,
  tooLong,
  type DiscordErrorBody,
  type DiscordFieldError,
} from './limits.ts';
import type { Snowflakes } from './snowflakes.ts';

/**
 * Discord's limits for application commands (developers/interactions/application-commands):
 * "Application Command Naming", the command and option structures, and the per-type counts.
 */
const COMMAND_LIMITS = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  /** Names, descriptions, choice names and values of one command and all its options together. */
  size: 8000,
  /** Per guild (and globally): 100 slash commands, 15 user commands, 15 message commands. */
  perType: { 1: 100, 2: 15, 3: 15 } as Record<number, number>,
} as const;

/**
 * A slash command's name and its options' names; upper-case letters are refused separately, since
 * a letter with a lower-case form must be given in that form.
 */
const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

const CHAT_INPUT = 1;
/** CHAT_INPUT, USER and MESSAGE; PRIMARY_ENTRY_POINT (4) cannot be a guild command. */
const GUILD_COMMAND_TYPES = [1, 2, 3];
const SUB_COMMAND = 1;
const SUB_COMMAND_GROUP = 2;
/** SUB_COMMAND through ATTACHMENT. */
const OPTION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** STRING, INTEGER and NUMBER options may offer choices. */
const CHOICE_TYPES = [3, 4, 10];

/** A command as the bulk overwrite answers it and `registeredCommands` lists it. */
export interface ApplicationCommand {
  id: string;
  application_id: string;
  guild_id: string;
  version: string;
  type: number;
  name: string;
  description: string;
  /** Kept as sent: the site reads back what it registered. */
  options?: Record<string, unknown>[];
  default_member_permissions: string | null;
  nsfw: boolean;
}

type Path = (string | number)[];

const required: DiscordFieldError = { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
const notAModel: DiscordFieldError = {
  code: 'MODEL_TYPE_CONVERT',
  message: 'Only dictionaries may be used in a ModelType',
};
const badLength = (max: number): DiscordFieldError => ({
  code: 'BASE_TYPE_BAD_LENGTH',
  message: `Must be between 1 and ${max} in length.`,
});
const oneOf = (values: readonly number[]): DiscordFieldError => ({
  code: 'BASE_TYPE_CHOICES',
  message: `Value must be one of {${values.join(', ')}}.`,
});

/** Checks a name against Discord's rules: the slash-command pattern and case, or just its length. */
function checkName(errors: FormErrors, path: Path, value: unknown, slash: boolean): void {
  if (typeof value !== 'string') {
    errors.add(path, required);
    return;
  }
  const length = characterCount(value);
  if (length < 1 || length > COMMAND_LIMITS.name) errors.add(path, badLength(COMMAND_LIMITS.name));
  else if (slash && !CHAT_INPUT_NAME.test(value))
    errors.add(path, { code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' });
  else if (slash && value !== value.toLowerCase())
    errors.add(path, { code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' });
}

function checkDescription(errors: FormErrors, path: Path, value: unknown): void {
  if (typeof value !== 'string') errors.add(path, required);
  else if (characterCount(value) < 1 || characterCount(value) > COMMAND_LIMITS.description)
    errors.add(path, badLength(COMMAND_LIMITS.description));
}

/** Checks choices; returns their characters towards the command's size. */
function checkChoices(errors: FormErrors, path: Path, choices: unknown): number {
  if (!Array.isArray(choices)) {
    errors.add(path, notAnArray);
    return 0;
  }
  if (choices.length > COMMAND_LIMITS.choices) errors.add(path, tooLong(COMMAND_LIMITS.choices));
  let size = 0;
  choices.forEach((choice: unknown, index) => {
    if (!isRecord(choice)) {
      errors.add([...path, index], notAModel);
      return;
    }
    if (typeof choice.name !== 'string') errors.add([...path, index, 'name'], required);
    else {
      const length = characterCount(choice.name);
      if (length < 1 || length > COMMAND_LIMITS.choiceName)
        errors.add([...path, index, 'name'], badLength(COMMAND_LIMITS.choiceName));
      size += length;
    }
    if (typeof choice.value === 'string') {
      if (characterCount(choice.value) > COMMAND_LIMITS.choiceValue)
        errors.add([...path, index, 'value'], tooLong(COMMAND_LIMITS.choiceValue));
      size += characterCount(choice.value);
    } else if (typeof choice.value === 'number') size += String(choice.value).length;
    else errors.add([...path, index, 'value'], required);
  });
  return size;
}

/** Checks a list of options (and the options of subcommands within); returns their size. */
function checkOptions(errors: FormErrors, path: Path, options: unknown): number {
  if (!Array.isArray(options)) {
    errors.add(path, notAnArray);
    return 0;
  }
  if (options.length > COMMAND_LIMITS.options) errors.add(path, tooLong(COMMAND_LIMITS.options));
  let size = 0;
  let optionalSeen = false;
  options.forEach((option: unknown, index) => {
    const at = [...path, index];
    if (!isRecord(option)) {
      errors.add(at, notAModel);
      return;
    }
    if (typeof option.type !== 'number' || !OPTION_TYPES.includes(option.type))
      errors.add([...at, 'type'], oneOf(OPTION_TYPES));
    checkName(errors, [...at, 'name'], option.name, true);
    checkDescription(errors, [...at, 'description'], option.description);
    size += textSize(option.name) + textSize(option.description);
    const nests = option.type === SUB_COMMAND || option.type === SUB_COMMAND_GROUP;
    if (!nests) {
      if (option.required === true && optionalSeen)
        errors.add(at, {
          code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
          message: 'Required options must be placed before non-required options',
        });
      if (option.required !== true) optionalSeen = true;
    }
    if (nests && option.options !== undefined)
      size += checkOptions(errors, [...at, 'options'], option.options);
    if (option.choices !== undefined && typeof option.type === 'number' && CHOICE_TYPES.includes(option.type))
      size += checkChoices(errors, [...at, 'choices'], option.choices);
  });
  return size;
}

const textSize = (value: unknown): number => (typeof value === 'string' ? characterCount(value) : 0);

const commandType = (command: Record<string, unknown>): unknown => command.type ?? CHAT_INPUT;

function checkCommand(errors: FormErrors, index: number, command: unknown): void {
  if (!isRecord(command)) {
    errors.add([index], notAModel);
    return;
  }
  const type = commandType(command);
  if (typeof type !== 'number' || !GUILD_COMMAND_TYPES.includes(type)) {
    errors.add([index, 'type'], oneOf(GUILD_COMMAND_TYPES));
    return;
  }
  const slash = type === CHAT_INPUT;
  checkName(errors, [index, 'name'], command.name, slash);
  // USER and MESSAGE commands have no description (Discord keeps an empty string).
  if (slash) checkDescription(errors, [index, 'description'], command.description);
  let size = textSize(command.name) + (slash ? textSize(command.description) : 0);
  if (slash && command.options !== undefined)
    size += checkOptions(errors, [index, 'options'], command.options);
  if (size > COMMAND_LIMITS.size)
    errors.add([index], {
      code: 'APPLICATION_COMMAND_TOO_LARGE',
      message: `Command exceeds maximum size (${COMMAND_LIMITS.size})`,
    });
}

/**
 * Null when Discord would take this list for a bulk overwrite, else the 400 body it answers: the
 * form errors by index, a name used twice for one type, or more commands of a type than allowed.
 */
export function commandListError(body: unknown): DiscordErrorBody | null {
  const errors = new FormErrors();
  if (!Array.isArray(body)) {
    errors.add([], notAnArray);
    return { ...INVALID_FORM_BODY, errors: errors.tree };
  }
  body.forEach((command: unknown, index) => checkCommand(errors, index, command));
  const seen = new Set<string>();
  body.forEach((command: unknown, index) => {
    if (!isRecord(command)) return;
    const key = `${String(commandType(command))}:${String(command.name)}`;
    if (seen.has(key))
      errors.add([index], {
        code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
        message: 'Application command names must be unique',
      });
    seen.add(key);
  });
  if (!errors.empty) return { ...INVALID_FORM_BODY, errors: errors.tree };
  for (const [type, limit] of Object.entries(COMMAND_LIMITS.perType)) {
    const count = body.filter((command) => isRecord(command) && commandType(command) === Number(type)).length;
    if (count > limit)
      return {
        message: `Maximum number of application commands reached (${limit})`,
        code: DISCORD_ERROR_CODES.maxApplicationCommands,
      };
  }
  return null;
}

/** What a command is, apart from its ids: a change to it gives it a new version. */
const definition = (command: ApplicationCommand): string =>
  JSON.stringify([
    command.type,
    command.name,
    command.description,
    command.options,
    command.default_member_permissions,
    command.nsfw,
  ]);

/**
 * The guild's commands after a bulk overwrite of a checked list: a command already registered under
 * the same id, or the same type and name, keeps its id (and its version when unchanged), as Discord
 * updates rather than recreates it; the rest are new.
 */
export function overwriteCommands(
  existing: readonly ApplicationCommand[],
  list: readonly Record<string, unknown>[],
  ids: Snowflakes,
  applicationId: string,
  guildId: string,
): ApplicationCommand[] {
  return list.map((input) => {
    const type = Number(commandType(input));
    const name = String(input.name);
    const before =
      existing.find((command) => typeof input.id === 'string' && command.id === input.id) ??
      existing.find((command) => command.type === type && command.name === name);
    const command: ApplicationCommand = {
      id: before?.id ?? ids.next(),
      application_id: applicationId,
      guild_id: guildId,
      version: before?.version ?? '',
      type,
      name,
      description: type === CHAT_INPUT && typeof input.description === 'string' ? input.description : '',
      ...(type === CHAT_INPUT && Array.isArray(input.options)
        ? { options: structuredClone(input.options as Record<string, unknown>[]) }
        : {}),
      default_member_permissions:
        typeof input.default_member_permissions === 'string' ? input.default_member_permissions : null,
      nsfw: input.nsfw === true,
    };
    if (before === undefined || definition(before) !== definition(command)) command.version = ids.next();
    return command;
  });
}
