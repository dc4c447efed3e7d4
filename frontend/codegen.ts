import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents generated from the lead's contract (schema.graphql). Each feature keeps its
// `.graphql` documents in its own api/ folder; documents shared by several features (the user,
// app info, accounts, the upload jobs) live next to their helpers in src/lib. Every document is
// validated against the schema, so a schema change that breaks the UI fails `npm run codegen`
// (and therefore build, typecheck, lint and test).
const config: CodegenConfig = {
  schema: ['schema.graphql', 'public-schema.graphql'], // /graphql and /public/graphql
  documents: ['src/features/*/api/**/*.graphql', 'src/lib/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        strictScalars: true,
        scalars: { Decimal: 'string', DateTime: 'string', Date: 'string' },
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
    },
  },
  hooks: {},
  silent: false,
};

export default config;
