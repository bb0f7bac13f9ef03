/**
 * Each command's flags, described once: parsed strictly (an unknown flag is one line, not a stack
 * trace) and listed by `--help`.
 */
import { parseArgs } from 'node:util';

export interface Flag {
  type: 'string' | 'boolean';
  /** For a string flag, what its value is (`<dir>`); shown by --help. */
  value?: string;
  default?: string;
  description: string;
}

export interface CommandSpec<F extends Record<string, Flag> = Record<string, Flag>> {
  /** `npm run build --`, as a reader types it. */
  usage: string;
  summary: string;
  flags: F;
  /** What arguments after the flags are (`[DIR…]`, and what they are for), when the command takes any. */
  positionals?: { usage: string; description: string };
}

/** Parsed values: booleans, strings, and strings that always have a value when the flag has a default. */
export type FlagValues<F extends Record<string, Flag>> = {
  [K in keyof F]: F[K]['type'] extends 'boolean' ? boolean | undefined : F[K] extends { default: string } ? string : string | undefined;
} & { positionals: string[] };

/** A mistake on the command line: printed as one `error:` line, exit code 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The flags' values, or undefined when --help was asked for (the help is printed). */
export function parseFlags<F extends Record<string, Flag>>(name: string, spec: CommandSpec<F>, args: string[]): FlagValues<F> | undefined {
  const options = Object.fromEntries(Object.entries(spec.flags).map(([flag, { type, default: fallback }]) => [flag, { type, default: fallback }]));
  try {
    const { values, positionals } = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: spec.positionals !== undefined });
    if (values.help) {
      console.log(helpText(spec));
      return undefined;
    }
    return { ...values, positionals } as FlagValues<F>;
  } catch (error) {
    throw new UsageError(`${describeParseError(error as Error & { code?: string })} for "${name}". Run with --help to see the options.`);
  }
}

function describeParseError(error: Error & { code?: string }): string {
  const named = /'([^']+)'/.exec(error.message)?.[1]?.split(' ')[0] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${named}`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument "${named}"`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `option ${named} ${error.message.includes('argument missing') ? 'needs a value' : 'takes no value'}`;
  return error.message;
}

/** `--help` without a command: each command as it is started, and what it does. */
export function commandsHelp(specs: CommandSpec[]): string {
  const width = Math.max(...specs.map(({ usage }) => usage.length));
  const rows = specs.map(({ usage, summary }) => `  ${usage.padEnd(width)}  ${summary}`);
  return ['Commands:', ...rows, '', 'Each command lists its options with --help.'].join('\n');
}

export function helpText(spec: CommandSpec): string {
  const rows = [
    ...Object.entries(spec.flags).map(([flag, { value, default: fallback, description }]) => [
      `--${flag}${value ? ` ${value}` : ''}`,
      `${description}${fallback ? ` (default ${fallback})` : ''}`,
    ]),
    ['-h, --help', 'show this help'],
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  const usage = `Usage: ${spec.usage} [options]${spec.positionals ? ` ${spec.positionals.usage}` : ''}`;
  const positionals = spec.positionals ? ['', `${spec.positionals.usage}: ${spec.positionals.description}`] : [];
  return [usage, '', spec.summary, ...positionals, '', 'Options:', ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`)].join('\n');
}
