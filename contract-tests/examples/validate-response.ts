import { createResponseValidator, loadContractSpec } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://127.0.0.1:3000';
const spec = loadContractSpec(); // the openapi.yaml shipped in the package
const validator = createResponseValidator(spec);

// A call made by your own code: here, listing courses without a credential.
const response = await fetch(`${baseUrl}/api/v1/courses`);
const problems = validator.validate(spec.find('GET', '/api/v1/courses'), {
  status: response.status,
  headers: response.headers,
  body: await response.text(),
});
console.log(response.status, problems.length === 0 ? 'keeps the contract' : problems.join('\n'));
