import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { renderCloudViews, VIEWS_MODULE } from '../../../scripts/cloud-views.ts';

describe('the cloud resource views', () => {
  test('suites/cloud/support/views.generated.ts is what schemas/cloud/v1 produce (else: npx tsx scripts/cloud-views.ts)', () => {
    expect(readFileSync(VIEWS_MODULE, 'utf8')).toBe(renderCloudViews());
  });
});
