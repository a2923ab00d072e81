# frozen_string_literal: true

require 'json'

module Slotwise
  # An answer that is not 2xx, as the RFC 9457 problem it carries (CONTRACT §3).
  class Error < StandardError
    attr_reader :status, :code, :title, :detail, :errors, :request_id, :retry_after

    def initialize(status, problem, headers)
      @status = status
      @code = problem['code'].is_a?(String) ? problem['code'] : 'unknown'
      @title = problem['title']
      @detail = problem['detail']
      @errors = problem['errors'].is_a?(Array) ? problem['errors'] : []
      @request_id = problem['requestId'] || headers['x-request-id']
      @retry_after = Error.retry_after_seconds(headers)
      super("#{status} #{@code}: #{@detail || @title}")
    end

    def self.from_response(status, body, headers)
      problem = begin
        parsed = JSON.parse(body.to_s)
        parsed.is_a?(Hash) ? parsed : {}
      rescue JSON::ParserError # not JSON (a proxy's error page): the status alone
        {}
      end
      new(status, problem, headers)
    end

    def self.retry_after_seconds(headers)
      value = headers['retry-after'].to_s.strip
      value.match?(/\A\d+\z/) ? value.to_i : nil
    end
  end
end
