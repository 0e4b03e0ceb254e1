// SPDX-License-Identifier: MIT
// A USDT-like ERC20 for tests against a local node (anvil): only what the chain check reads.
// Anyone may mint (a test fund). A transfer beyond the sender's balance reverts, which is how the
// tests make a transaction that is mined and fails. `transferMany` sends several Transfers in one
// transaction, like a batch payout. Built into TestUsdt.json by build-test-usdt.mjs.
pragma solidity 0.8.37;

contract TestUsdt {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(balanceOf[msg.sender] >= value, "insufficient balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function transferMany(address[] calldata to, uint256[] calldata values) external returns (bool) {
        require(to.length == values.length, "lengths differ");
        for (uint256 i = 0; i < to.length; i++) transfer(to[i], values[i]);
        return true;
    }
}
