// The renderer's table of kinds agrees with what the compiler emits: every compiled step that names a
// field in its uiSchema names the one its kind's renderer entry gives (src/renderer/registry.ts registers
// a field under every such name, or fails its type-check).
import { describe, expect, it } from 'vitest';
import { AUDIENCES } from '../../../src/model';
import { STEP_FIELD_NAMES, STEP_RENDERERS } from '../../../src/renderer/kinds/renderers';
import { everySurvey } from '../survey-forms';

describe('the renderer of each kind', () => {
  it('is the field the compiled uiSchema names, for every step of the shipped and the example surveys', async () => {
    const surveys = await everySurvey();
    const seen = new Set<string>();
    for (const survey of surveys) {
      for (const audience of AUDIENCES) {
        for (const step of Object.values(survey.audiences[audience].steps)) {
          seen.add(step.type);
          const renderer = STEP_RENDERERS[step.type];
          const field = 'field' in renderer ? renderer.field : undefined;
          const named = 'form' in step ? step.form.uiSchema['ui:field'] : undefined;
          expect(named, `${survey.id} ${step.id}`).toBe(field);
          if (field !== undefined) expect(STEP_FIELD_NAMES).toContain(field);
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(STEP_RENDERERS).sort());
  });
});
