import { parse } from 'yaml';
import { codeBlocks } from './markdown.ts';

/** A step of a GitHub Actions workflow that a guide shows, with the job it belongs to. */
export interface WorkflowStep {
  job: string;
  run?: string;
  env?: Record<string, string>;
}

/**
 * The steps that run the contract suite (`course-contract`, not its `diff`) in every workflow the
 * Markdown `guide` shows in a `yaml` block, in the guide's order.
 *
 * @example suiteSteps(readme).find((step) => step.job === 'contract')?.run
 */
export function suiteSteps(guide: string): WorkflowStep[] {
  return codeBlocks(guide)
    .filter((block) => block.lang === 'yaml')
    .map(
      (block) => parse(block.code) as { jobs: Record<string, { steps: Array<Omit<WorkflowStep, 'job'>> }> },
    )
    .flatMap((workflow) =>
      Object.entries(workflow.jobs).flatMap(([job, { steps }]) => steps.map((step) => ({ ...step, job }))),
    )
    .filter((step) => /course-contract(?! diff)/.test(step.run ?? ''));
}
