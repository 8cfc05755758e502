import type { CompiledBundle } from '../../src/model';
import { surveyTexts as textsWithOrigin } from '../survey';

/** Every survey text of a bundle (the English msgids of the catalogs), once each, in survey and step order. */
export function surveyTexts(bundle: CompiledBundle): string[] {
  return textsWithOrigin(bundle).map(({ text }) => text);
}
