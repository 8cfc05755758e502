// The SurveyJS peer of `npm run bench`: step 1 of the survey (its heading, its question as a
// radiogroup, the answer that asks for details as a comment shown by visibleIf) rendered by
// survey-core and survey-react-ui with SurveyJS's default theme, as its documentation starts a form.
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { floorStepOfBuild } from './floor-step';


const step = floorStepOfBuild;
const model = new Model({
  title: step.heading,
  description: step.indicator,
  showQuestionNumbers: 'off',
  completeText: 'Continue',
  pages: [
    {
      name: 'step-1',
      elements: [
        { type: 'radiogroup', name: 'answer', title: step.question, isRequired: true, choices: step.answers.map((a) => ({ value: a.id, text: a.text })) },
        ...step.answers.flatMap((a) =>
          a.input ? [{ type: 'comment', name: `details_${a.id}`, title: a.input.label, maxLength: a.input.maxLength, isRequired: true, visibleIf: `{answer} = '${a.id}'` }] : [],
        ),
      ],
    },
  ],
});

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <main>
      <Survey model={model} />
    </main>,
  );
