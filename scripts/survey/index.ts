// The programmatic API of the survey compiler and checker, for build tools, benches and tests.
export { checkSurveyProject, loadCheckedProject, summarize } from './check-project';
export type { CheckedFile, CheckedProject } from './check-project';
export { compiledFiles, compileProject, compileSurveyProject, GENERATED_DIR, stepForms, SURVEY_DIR, writeCompiled } from './compile-project';
export type { CompiledProject, CompileOptions, WrittenCompile } from './compile-project';
export { formatProblem, formatWarning, isWarning, sortProblems, SurveyProblemsError } from './problems';
export type { PolicyProblemCode, Problem, ProblemCode } from './problems';
export { hasCancelControl, isQuestion, isScreen, waysToDeclaration } from './policy-screens';
export type { WayToDeclaration } from './policy-screens';
export { policyTexts, stepTexts, surveyTexts } from './survey-texts';
export type { SurveyText } from './survey-texts';
export { textPlaces } from './text-places';
export type { TextPlace } from './text-places';
