import { createContract, remoteTarget, renderMatrix, unexercised } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://127.0.0.1:3000';
const contract = createContract(remoteTarget({ baseUrl }));

// A new subject, its ID token from the server's development identity provider, and a key for it.
const { client } = await contract.newKey();
const course = await client.courses.create({ name: 'Contracts', description: 'Checked as they run.' });
await client.courses.get(course.id);
const health = await contract.call('/healthz');

console.log(health.status, health.body.status);
console.log(renderMatrix(contract.spec, contract.target.name));
console.log(`${unexercised(contract.spec).length} declared pairs not exercised yet`);
