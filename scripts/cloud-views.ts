/**
 * Writes suites/cloud/support/views.generated.ts: one TypeScript type per JSON Schema of
 * schemas/cloud/v1 (the views the cloud suite reads resources through), one per object or enum
 * definition they hold, and `CloudViews`, schema name → type.
 *
 *   npx tsx scripts/cloud-views.ts           # writes the module
 *   npx tsx scripts/cloud-views.ts --check   # exits 1 when the module is stale
 *
 * The translation covers the subset the schema files use: type (one or a list), object
 * properties/required/additionalProperties, array items, enum, const, anyOf/oneOf of types, $ref
 * within and across files (to a definition or to a property). Required properties are
 * non-optional, the others optional. Constraints a type cannot say (patterns, bounds, `not`,
 * if/then, anyOf of `required` lists) are left to the schema validator. Properties whose name the
 * vendor profile respells (vendor_version, is_vendor_registry) are left out: their wire name
 * depends on the run. The output is laid out
 * as the formatter (Biome) lays it out, so formatting the module changes nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_DIR = join(ROOT, 'schemas/cloud/v1');
export const VIEWS_MODULE = join(ROOT, 'suites/cloud/support/views.generated.ts');

const WIDTH = 160;
/** Properties whose name the vendor profile respells (vendor_version is docker_version on the docker profile): no fixed name to type. */
const SPELLED_BY_PROFILE = /vendor/;

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  $defs?: Record<string, Schema>;
}

/** A named type the module exports: a schema file's root or one of its definitions. */
interface Named {
  file: string;
  def?: string;
  name: string;
  schema: Schema;
}

const pascal = (s: string): string =>
  s
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const isPrimitive = (s: Schema): boolean => s.enum === undefined && s.properties === undefined && s.additionalProperties === undefined && !s.$ref && !s.items;

function loadSchemas(dir: string): Map<string, Schema> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return new Map(files.map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Schema]));
}

class Generator {
  private readonly named = new Map<string, Named>();

  constructor(private readonly files: Map<string, Schema>) {
    const defs: Named[] = [];
    for (const [file, schema] of files) {
      if (file !== 'common.json') this.named.set(`${file}#`, { file, name: pascal(file.replace(/\.json$/, '')), schema });
      for (const [def, s] of Object.entries(schema.$defs ?? {})) {
        // An alias of another definition, or a URI, date or plain scalar: written where it is used.
        if (s.$ref || (s.enum === undefined && (s.type === 'array' || (isPrimitive(s) && s.type !== 'object')))) continue;
        defs.push({ file, def, name: def, schema: s });
      }
    }
    const taken = new Set([...this.named.values()].map((n) => n.name));
    const counts = new Map<string, number>();
    for (const d of defs) counts.set(d.def!, (counts.get(d.def!) ?? 0) + 1);
    for (const d of defs) {
      // A definition name two files share is prefixed with its file's type name (ServicePort, ContainerPort).
      const name = (counts.get(d.def!)! > 1 || taken.has(d.def!)) && d.file !== 'common.json' ? `${pascal(d.file.replace(/\.json$/, ''))}${d.def}` : d.def!;
      this.named.set(`${d.file}#/$defs/${d.def}`, { ...d, name });
    }
  }

  /** The schema a $ref names, and the named type it is when it names one. */
  private resolve(ref: string, from: string): { file: string; pointer: string; schema: Schema; named?: Named } {
    const [filePart, pointer = ''] = ref.split('#');
    const file = filePart || from;
    const root = this.files.get(file);
    if (!root) throw new Error(`${from}: $ref ${ref} names an unknown file`);
    let schema: unknown = root;
    for (const part of pointer.split('/').filter(Boolean)) {
      schema = (schema as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (schema === undefined) throw new Error(`${from}: $ref ${ref} points at nothing`);
    }
    const named = this.named.get(`${file}#${pointer}`);
    return { file, pointer, schema: schema as Schema, ...(named ? { named } : {}) };
  }

  /** The type of a schema; `indent` is the indentation of the line it starts on. */
  type(s: Schema, file: string, indent: string): string {
    if (s.$ref) {
      const target = this.resolve(s.$ref, file);
      return target.named ? target.named.name : this.type(target.schema, target.file, indent);
    }
    if (s.const !== undefined) return literal(s.const);
    if (s.enum) return s.enum.map(literal).join(' | ');
    const branches = s.anyOf ?? s.oneOf;
    if (branches?.some((b) => b.type || b.$ref || b.enum || b.const !== undefined)) return branches.map((b) => this.type(b, file, indent)).join(' | ');
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (!types.length) return s.properties ? this.object(s, file, indent) : 'unknown';
    return types.map((t) => this.single(t, s, file, indent)).join(' | ');
  }

  private single(t: string, s: Schema, file: string, indent: string): string {
    switch (t) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = s.items ? this.type(s.items, file, indent) : 'unknown';
        return /[ |]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
      }
      case 'object':
        return this.object(s, file, indent);
      default:
        throw new Error(`${file}: type ${t} is not translated`);
    }
  }

  private object(s: Schema, file: string, indent: string): string {
    const props = Object.entries(s.properties ?? {});
    if (!props.length) {
      const extra = typeof s.additionalProperties === 'object' ? this.type(s.additionalProperties, file, indent) : 'unknown';
      return `Record<string, ${extra}>`;
    }
    const inner = `${indent}  `;
    const required = new Set(s.required ?? []);
    const spelled = props.filter(([key]) => SPELLED_BY_PROFILE.test(key)).map(([key]) => key);
    const lines = props
      .filter(([key]) => !spelled.includes(key))
      .flatMap(([key, p]) => [...docLines(p.description, inner), `${inner}${quoteKey(key)}${required.has(key) ? '' : '?'}: ${this.type(p, file, inner)};`]);
    if (spelled.length) lines.push(`${inner}// Left out, spelled by the run's vendor profile (read view[ctx.spell('${spelled[0]}')]): ${spelled.join(', ')}.`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  render(): string {
    const out: string[] = [
      '/**',
      ' * Generated by scripts/cloud-views.ts from schemas/cloud/v1/*.json: do not edit.',
      ' * Regenerate with `npx tsx scripts/cloud-views.ts`; tests/schemas/cloud/views-up-to-date.test.ts fails while this file is stale.',
      ' *',
      ' * Each type is what its schema promises (required properties non-optional). A view is the',
      ' * shape a check reads a resource through; whether a target keeps the promise is verified',
      ' * where a check says so (`ctx.expectView`), and of every answer by the judge of exchanges.',
      ' */',
      '',
    ];
    for (const n of [...this.named.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      out.push(...docLines(n.schema.description, ''));
      const body = this.type(n.def ? n.schema : { ...n.schema, $defs: undefined }, n.file, '');
      const head = `export type ${n.name} = `;
      if (n.schema.enum && head.length + body.length + 1 > WIDTH) {
        out.push(`export type ${n.name} =`, ...n.schema.enum.map((v, i, all) => `  | ${literal(v)}${i === all.length - 1 ? ';' : ''}`), '');
      } else {
        out.push(`${head}${body};`, '');
      }
    }
    const roots = [...this.named.values()].filter((n) => !n.def);
    out.push(
      '/** The view of each schema, by its name in schemas/cloud/v1 (the name `expectSchema` takes). */',
      'export type CloudViews = {',
      ...roots.map((n) => `  ${quoteKey(n.file.replace(/\.json$/, ''))}: ${n.name};`),
      '};',
      '',
      '/** A schema name of schemas/cloud/v1 that has a view. */',
      'export type ViewName = keyof CloudViews;',
      '',
    );
    return out.join('\n');
  }
}

const quoteKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`);

function literal(v: unknown): string {
  return typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(v);
}

/** A description as a doc comment: one line when it fits, else wrapped at words. */
function docLines(text: string | undefined, indent: string): string[] {
  if (!text) return [];
  const clean = text.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();
  if (indent.length + clean.length + 7 <= WIDTH) return [`${indent}/** ${clean} */`];
  const lines: string[] = [];
  let line = '';
  for (const word of clean.split(' ')) {
    if (line && indent.length + 3 + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`];
}

/** The module's text for the schemas of `dir`. */
export function renderCloudViews(dir: string = SCHEMA_DIR): string {
  return new Generator(loadSchemas(dir)).render();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = renderCloudViews();
  if (process.argv.includes('--check')) {
    const current = readFileSync(VIEWS_MODULE, 'utf8');
    if (current !== text) {
      console.error(`${VIEWS_MODULE} is stale: run npx tsx scripts/cloud-views.ts`);
      process.exit(1);
    }
  } else {
    writeFileSync(VIEWS_MODULE, text);
    console.log(`wrote ${VIEWS_MODULE}`);
  }
}
