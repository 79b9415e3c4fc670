// `npx tsx bench/render-results.ts`: renders every page in bench/results/ again from its JSON, and
// the index, after a change to how results are rendered (result-markdown.ts). The figures stay as
// each run wrote them.
import { renderAgain, resultsDir } from './write-results.ts';

console.log(`rendered ${await renderAgain()} page(s) in ${resultsDir} from their JSON, and the index`);
