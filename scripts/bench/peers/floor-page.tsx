// The floor's screen: the markup of the survey's step 1 in plain React, with the product's class
// names, drawn on the client by the floor (floor.tsx) and rendered into the HTML and hydrated by the
// server-rendered floor (floor-hydrated.tsx).
import { useState } from 'react';
import type { FloorStep } from './floor-step';

function StepOne({ step }: { step: FloorStep }) {
  const [answer, setAnswer] = useState<string | undefined>();
  const [details, setDetails] = useState<Record<string, string>>({});
  return (
    <form className="step-form" noValidate onSubmit={(event) => event.preventDefault()}>
      <span className="caption">{step.indicator}</span>
      <h1 id="step-heading" tabIndex={-1} className="heading-xl">
        {step.heading}
      </h1>
      <div className="form-group">
        <fieldset className="fieldset">
          <legend className="fieldset__legend fieldset__legend--m">{step.question}</legend>
          <div className="radios">
            {step.answers.map((a, index) => {
              const id = index === 0 ? 'root_answer' : `root_answer-${a.id}`;
              return (
                <div key={a.id}>
                  <div className="radios__item">
                    <input className="radios__input" id={id} name="root_answer" type="radio" value={a.id} checked={answer === a.id} onChange={() => setAnswer(a.id)} />
                    <label className="radios__label" htmlFor={id}>
                      {a.text}
                    </label>
                  </div>
                  {a.input && (
                    <div className="radios__conditional" hidden={answer !== a.id}>
                      <div className="form-group">
                        <label className="label" htmlFor={`root_details_${a.id}`}>
                          {a.input.label}
                        </label>
                        <textarea
                          id={`root_details_${a.id}`}
                          className="textarea"
                          rows={5}
                          value={details[a.id] ?? ''}
                          onChange={(event) => setDetails({ ...details, [a.id]: event.target.value })}
                        />
                      </div>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      </div>
      <div className="button-group">
        <button type="submit" className="button">
          Continue
        </button>
        <a className="button button--secondary" href="/">
          I want to stay
        </a>
      </div>
    </form>
  );
}

export function FloorPage({ step }: { step: FloorStep }) {
  return (
    <>
      <header className="header">
        <div className="header__inner">
          <a className="header__brand" href="/">
            {step.provider}
          </a>
          <span className="header__service">Manage subscription</span>
        </div>
      </header>
      <div className="width-container page-body">
        <main className="main" id="main-content" tabIndex={-1}>
          <div className="column">
            <StepOne step={step} />
          </div>
        </main>
      </div>
    </>
  );
}
