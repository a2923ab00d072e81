# frozen_string_literal: true

require 'uri'
require 'slotwise_openapi'
require 'slotwise/version'
require 'slotwise/error'
require 'slotwise/transport'
require 'slotwise/webhooks'

# The entry point: one method per tag of the API description (customers, appointments, webhooks, …), each the
# generated API class, authenticated and sending through Slotwise::Transport; #list pages through any list operation.
module Slotwise
  class Client
    attr_reader :api_client

    def initialize(api_key:, base_url: 'http://localhost:8080', max_retries: 3, max_retry_after: 60, base_delay: 0.5)
      uri = URI(base_url)
      config = SlotwiseOpenApi::Configuration.new
      config.scheme = uri.scheme
      config.host = "#{uri.host}:#{uri.port}"
      config.base_path = uri.path.to_s
      config.access_token = api_key
      config.server_index = nil
      config.use(Transport, { max_retries: max_retries, max_retry_after: max_retry_after, base_delay: base_delay })
      @api_client = SlotwiseOpenApi::ApiClient.new(config)
      @api_client.user_agent = "slotwise-ruby/#{VERSION}"
      @apis = {}
    end

    def method_missing(name, *args)
      class_name = "#{name.to_s.split('_').map(&:capitalize).join}Api"
      return super unless args.empty? && SlotwiseOpenApi.const_defined?(class_name)

      @apis[name] ||= SlotwiseOpenApi.const_get(class_name).new(@api_client)
    end

    def respond_to_missing?(name, include_private = false)
      SlotwiseOpenApi.const_defined?("#{name.to_s.split('_').map(&:capitalize).join}Api") || super
    end

    # Every item of a list, page after page: the block takes a cursor (nil first) and returns one page, e.g.
    # client.list { |cursor| client.customers.list_customers(limit: 50, cursor: cursor) }.
    def list(&fetch)
      Enumerator.new do |items|
        cursor = nil
        loop do
          page = fetch.call(cursor)
          page.data.each { |item| items << item }
          cursor = page.next_cursor
          break if cursor.nil? || cursor.empty?
        end
      end
    end
  end
end
