import { Slotwise, SlotwiseError } from "@slotwise/sdk";

const slotwise = new Slotwise({ apiKey: process.env.SLOTWISE_API_KEY, baseUrl: process.env.SLOTWISE_BASE_URL ?? "http://localhost:8080" });
const { data: ada } = await slotwise.api.POST("/api/v1/customers", { body: { firstName: "Ada", email: "ada@example.com" } });
console.log("created", ada.id);
for await (const customer of slotwise.list("/api/v1/customers", { limit: 50 })) { // every page, newest first
  console.log(customer.id, customer.firstName);
}
try {
  await slotwise.api.POST("/api/v1/customers", { body: { firstName: "Ada", email: "ada@example.com" } });
} catch (e) {
  if (e instanceof SlotwiseError) console.log(e.status, e.code, e.detail, e.requestId); // 409 customer_email_taken …
}
