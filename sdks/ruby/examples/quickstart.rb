require 'slotwise'

slotwise = Slotwise::Client.new(api_key: ENV.fetch('SLOTWISE_API_KEY'), base_url: ENV.fetch('SLOTWISE_BASE_URL', 'http://localhost:8080'))
ada = slotwise.customers.create_customer(SlotwiseOpenApi::CustomerInput.new(first_name: 'Ada', email: 'ada@example.com'))
puts "created #{ada.id}"
slotwise.list { |cursor| slotwise.customers.list_customers(limit: 50, cursor: cursor) }.each do |customer| # every page
  puts "#{customer.id} #{customer.first_name}"
end
begin
  slotwise.customers.create_customer(SlotwiseOpenApi::CustomerInput.new(first_name: 'Ada', email: 'ada@example.com'))
rescue Slotwise::Error => e
  puts "#{e.status} #{e.code} #{e.detail} #{e.request_id}" # 409 customer_email_taken …
end
