import type { YamlFile } from './load-yaml';
import { problemAt, type Problem } from './problems';
import { yamlTexts } from './yaml-texts';
import { quoted } from './yaml-syntax-messages';

/**
 * A customer-visible text followed by ` #` on its line: YAML ends the text there and reads the rest as a
 * comment, so `text: Upgrade to plan #2` would show "Upgrade to plan". An error at the `#`: quoting the
 * text keeps it whole, and a comment meant as one goes on a line of its own.
 */
export function checkTextComments(yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  for (const { text, path } of yamlTexts(yaml.data)) {
    const cut = yaml.commentInValue(path);
    if (cut === undefined) continue;
    const message =
      `YAML reads ' #' as the start of a comment, so this text ends at '${text}': ` +
      `if the # belongs to the text, put the whole text in quotes, as in ${quoted(cut.written)}; if it is a comment, put it on a line of its own`;
    problems.push(problemAt(yaml.file, cut.at, 'comment-in-text', message));
  }
  return problems;
}
