// The programmatic API of the product-manager tools: the flow picture (for the CLI and a dev page)
// and the survey diff.
export { flowPicture } from './flow-picture';
export type { FlowPicture, PictureControl, PictureEdge, PictureNode } from './flow-picture';
export { policyPicture, surveyPicture } from './policy-picture';
export { surveyGraphDot } from './graph-dot';
export { surveyGraphHtml } from './graph-html';
export { legendEntries, legendHtml } from './graph-legend';
export type { LegendEntry } from './graph-legend';
export { AUDIENCE_COLOURS, NODE_STYLES } from './graph-styles';
export { renderDotSvg, surveyGraphSvg } from './graph-svg';
export { GRAPH_VIEWS, isGraphView } from './graph-view';
export type { GraphView } from './graph-view';
export { compileSurveyDir, compileSurveyFiles } from './compile-survey-files';
export type { CompileOutcome } from './compile-survey-files';
export { diffBundles, diffSurvey, isEmptyDiff } from './diff-bundles';
export { diffExperiment, formatExperimentDiff } from './experiment-diff';
export type { VariantDiff } from './experiment-diff';
export { diffTranslations } from './diff-translations';
export type { Catalogs, TranslatedBundle } from './diff-translations';
export type * from './diff-types';
export { formatDiff, NO_CHANGES } from './format-diff';
export { formatPath, surveyPaths } from './survey-paths';
export { surveyTexts } from './survey-texts';
export { translatedIds } from '../survey/po-catalog';
export { stepText } from './diff-flow';
